import { useState } from 'react';
import { Alert, App, Button, Flex, Form, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { confirmRequest } from '@proofmark/shared/contract/auth';
import { authApi } from '../../api/auth';
import { errorText } from '../../api/envelope';
import { schemaRules } from '../../forms/schemaRules';
import { MailOutlined } from '../icons';
import { CodeField } from './CodeField';
import { InlineLink, QuestionLink } from './QuestionLink';

interface ConfirmEmailFormProps {
  email: string;
  /** Shown above the form, e.g. the registration answer or the sign-in refusal. */
  intro?: string;
  introType?: 'success' | 'info' | 'warning';
  /** Called with the server's message once the email is confirmed. */
  onConfirmed: (message: string) => void;
  /** Offers a way back (to the form that led here). */
  onBack?: () => void;
  backLabel?: string;
}

interface CodeForm {
  code: string;
}

const rule = schemaRules(confirmRequest, ['email', 'code'] as const);

/** The "Confirm your email" step: the 6-digit code from the mail, and a way to get a new one. */
export function ConfirmEmailForm({ email, intro, introType = 'success', onConfirmed, onBack, backLabel = 'Back' }: ConfirmEmailFormProps) {
  const [form] = Form.useForm<CodeForm & { email: string }>();
  const { message } = App.useApp();
  const [resent, setResent] = useState<string>();

  const confirm = useMutation({
    mutationFn: (code: string) => authApi.confirm({ email, code: code.trim() }),
    onSuccess: (answer) => onConfirmed(answer.message),
  });
  const resend = useMutation({
    mutationFn: () => authApi.resendCode(email),
    onSuccess: (answer) => {
      setResent(answer.message);
      confirm.reset();
      form.setFieldValue('code', '');
    },
    onError: (error) => void message.error(errorText(error)),
  });

  return (
    <Flex vertical gap={20}>
      {intro !== undefined && <Alert type={introType} showIcon title={intro} />}
      <Flex align="center" gap={12}>
        <Flex
          align="center"
          justify="center"
          aria-hidden="true"
          style={{ width: 40, height: 40, borderRadius: 10, background: 'var(--brand-primary-bg)', color: 'var(--brand-primary)', fontSize: 18, flex: 'none' }}
        >
          <MailOutlined />
        </Flex>
        <Typography.Text>
          Enter the 6-digit code we sent to <Typography.Text strong>{email}</Typography.Text>. It is valid for 30 minutes.
        </Typography.Text>
      </Flex>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ email, code: '' }}
        onFinish={(values) => confirm.mutate(values.code)}
        disabled={confirm.isPending}
      >
        <CodeField label="Confirmation code" rules={rule('code')} fontSize={20} />
        {confirm.isError && (
          <Alert type="error" showIcon title={errorText(confirm.error)} style={{ marginBottom: 16 }} />
        )}
        {resent !== undefined && !confirm.isError && (
          <Alert type="info" showIcon title={resent} style={{ marginBottom: 16 }} />
        )}
        <Button type="primary" htmlType="submit" size="large" block loading={confirm.isPending}>
          Confirm email
        </Button>
      </Form>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <QuestionLink question="Didn’t get it?" loading={resend.isPending} onClick={() => resend.mutate()}>
          Resend code
        </QuestionLink>
        {onBack !== undefined && (
          <InlineLink onClick={onBack}>{backLabel}</InlineLink>
        )}
      </Flex>
    </Flex>
  );
}
