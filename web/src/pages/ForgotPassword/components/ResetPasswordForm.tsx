import { useState } from 'react';
import { Alert, Button, Flex, Form, Input } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { resetPasswordRequest } from '@proofmark/shared/contract/auth';
import { authApi } from '../../../api/auth';
import { errorText, fieldProblems } from '../../../api/envelope';
import { CodeField } from '../../../components/auth/CodeField';
import { QuestionLink } from '../../../components/auth/QuestionLink';
import { schemaRules, showFieldProblems } from '../../../forms/schemaRules';

const fields = ['email', 'code', 'newpassword', 'confirmpassword'] as const;
const rule = schemaRules(resetPasswordRequest, fields);

interface Values {
  email: string;
  code: string;
  newpassword: string;
  confirmpassword: string;
}

interface ResetPasswordFormProps {
  email: string;
  sentMessage: string;
  onReset: (message: string) => void;
  onResend: () => void;
  resending: boolean;
}

/** Step two: the mailed code and the new password, twice. */
export function ResetPasswordForm({ email, sentMessage, onReset, onResend, resending }: ResetPasswordFormProps) {
  const [form] = Form.useForm<Values>();
  const [banner, setBanner] = useState<string>();
  const reset = useMutation({
    mutationFn: (values: Values) =>
      authApi.reset({ email, code: values.code.trim(), newpassword: values.newpassword, confirmpassword: values.confirmpassword }),
    onSuccess: (answer) => onReset(answer.message),
    // A problem shown beside its field is not repeated in the banner.
    onError: (error) => setBanner(showFieldProblems(form, fieldProblems(error), fields) ? undefined : errorText(error)),
  });

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ email, code: '', newpassword: '', confirmpassword: '' }}
      onFinish={(values) => reset.mutate(values)}
      disabled={reset.isPending}
      aria-label="Reset password"
    >
      <Alert type="info" showIcon title={sentMessage} description={`Check the inbox of ${email}.`} style={{ marginBottom: 20 }} />
      {reset.isError && banner !== undefined && <Alert type="error" showIcon title={banner} style={{ marginBottom: 20 }} />}
      <CodeField label="Reset code" rules={rule('code')} />
      <Form.Item label="New password" name="newpassword" rules={rule('newpassword')} extra="At least 8 characters.">
        <Input.Password size="large" autoComplete="new-password" />
      </Form.Item>
      <Form.Item label="Confirm new password" name="confirmpassword" rules={rule('confirmpassword')} dependencies={['newpassword']}>
        <Input.Password size="large" autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={reset.isPending}>
        Set new password
      </Button>
      <Flex justify="center" style={{ marginTop: 12 }}>
        <QuestionLink question="No code?" loading={resending} onClick={onResend}>
          Send it again
        </QuestionLink>
      </Flex>
    </Form>
  );
}
