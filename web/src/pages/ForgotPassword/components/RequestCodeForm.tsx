import { Alert, Button, Form, Input } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { emailOnlyRequest } from '@proofmark/shared/contract/auth';
import { authApi } from '../../../api/auth';
import { errorText } from '../../../api/envelope';
import { MailOutlined } from '../../../components/icons';
import { schemaRules } from '../../../forms/schemaRules';

const rule = schemaRules(emailOnlyRequest, ['email'] as const);

interface RequestCodeFormProps {
  initialEmail?: string;
  onSent: (email: string, message: string) => void;
}

/** Step one: the registered email (the answer is the same whether or not it is registered). */
export function RequestCodeForm({ initialEmail, onSent }: RequestCodeFormProps) {
  const forgot = useMutation({
    mutationFn: (email: string) => authApi.forgot(email),
    onSuccess: (answer, email) => onSent(email, answer.message),
  });
  return (
    <Form<{ email: string }>
      layout="vertical"
      requiredMark={false}
      initialValues={{ email: initialEmail ?? '' }}
      onFinish={(values) => forgot.mutate(values.email.trim().toLowerCase())}
      disabled={forgot.isPending}
      aria-label="Forgot password"
    >
      {forgot.isError && <Alert type="error" showIcon title={errorText(forgot.error)} style={{ marginBottom: 20 }} />}
      <Form.Item label="Registered email" name="email" rules={rule('email')} validateTrigger="onSubmit">
        <Input
          type="email"
          size="large"
          autoComplete="email"
          autoFocus
          prefix={<MailOutlined style={{ color: '#98a2b3' }} />}
          placeholder="you@organization.edu"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={forgot.isPending}>
        Submit
      </Button>
    </Form>
  );
}
