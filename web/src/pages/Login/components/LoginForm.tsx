import { Alert, Button, Flex, Form, Input } from 'antd';
import { Link } from 'react-router-dom';
import { LockOutlined, MailOutlined } from '../../../components/icons';
import { paths } from '../../../routing/routeTable';

export interface Credentials {
  email: string;
  password: string;
}

interface LoginFormProps {
  onSubmit: (credentials: Credentials) => void;
  pending: boolean;
  error?: string;
  initialEmail?: string;
}

/** Email and password (spec §5: no client checks beyond an email-type input). */
export function LoginForm({ onSubmit, pending, error, initialEmail }: LoginFormProps) {
  return (
    <Form<Credentials>
      layout="vertical"
      requiredMark={false}
      initialValues={{ email: initialEmail ?? '', password: '' }}
      onFinish={(values) => onSubmit({ email: values.email.trim(), password: values.password })}
      disabled={pending}
      aria-label="Log in"
    >
      {error !== undefined && <Alert type="error" showIcon title={error} style={{ marginBottom: 20 }} />}
      <Form.Item
        label="Email"
        name="email"
        rules={[
          { required: true, whitespace: true, message: 'Please enter your email.' },
          { type: 'email', message: 'Please enter a valid email address.' },
        ]}
      >
        <Input
          type="email"
          size="large"
          autoComplete="username"
          prefix={<MailOutlined style={{ color: '#98a2b3' }} />}
          placeholder="you@organization.edu"
          autoFocus={initialEmail === undefined}
        />
      </Form.Item>
      <Form.Item
        label="Password"
        name="password"
        rules={[{ required: true, message: 'Please enter your password.' }]}
        style={{ marginBottom: 8 }}
      >
        <Input.Password
          size="large"
          autoComplete="current-password"
          prefix={<LockOutlined style={{ color: '#98a2b3' }} />}
          autoFocus={initialEmail !== undefined}
        />
      </Form.Item>
      <Flex justify="flex-end" style={{ marginBottom: 20 }}>
        <Link to={paths.forgotPassword}>Forgot password?</Link>
      </Flex>
      <Button type="primary" htmlType="submit" size="large" block loading={pending}>
        Log in
      </Button>
    </Form>
  );
}
