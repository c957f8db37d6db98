import { useState } from 'react';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { accountMessages } from '@proofmark/shared/accounts/messages';
import { setPasswordRequest } from '@proofmark/shared/contract/auth';
import { authApi } from '../../api/auth';
import { errorText, fieldProblems } from '../../api/envelope';
import { AuthShell } from '../../components/auth/AuthShell';
import { schemaRules, showFieldProblems } from '../../forms/schemaRules';
import type { LoginRedirectState } from '../../routing/RouteGuard';
import { paths } from '../../routing/routeTable';

const fields = ['newpassword', 'confirmpassword'] as const;
const rule = schemaRules(setPasswordRequest, fields);

interface Values {
  newpassword: string;
  confirmpassword: string;
}

/**
 * /set-password?token=… — the link of a team invitation or of an administrator's reset. The token
 * is the only proof; a used, replaced or expired link gets the server's one clear message.
 */
export default function SetPasswordPage() {
  const [form] = Form.useForm<Values>();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  // A problem of a field shows beside the field; only the rest (a dead link) goes to the banner.
  const [banner, setBanner] = useState<string>();

  const set = useMutation({
    mutationFn: (values: Values) => authApi.setPassword({ token, ...values }),
    onSuccess: (answer) => {
      const state: LoginRedirectState = { notice: answer.message };
      void navigate(paths.login, { state });
    },
    onError: (error) => {
      const problems = fieldProblems(error);
      const shown = showFieldProblems(form, problems, fields);
      setBanner(shown ? undefined : errorText(error));
    },
  });

  const footer = (
    <Typography.Text type="secondary">
      Already set? <Link to={paths.login}>Log in</Link>
    </Typography.Text>
  );

  return (
    <AuthShell title="Choose your password" subtitle="You will sign in with your email and this password." layout="compact" footer={footer}>
      {token === '' ? (
        <Alert type="error" showIcon title={accountMessages.setPasswordLinkInvalid} />
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ newpassword: '', confirmpassword: '' }}
          onFinish={(values) => {
            setBanner(undefined);
            set.mutate(values);
          }}
          disabled={set.isPending}
          aria-label="Set password"
        >
          {banner !== undefined && <Alert type="error" showIcon title={banner} style={{ marginBottom: 20 }} />}
          <Form.Item label="New password" name="newpassword" rules={rule('newpassword')} extra="At least 8 characters.">
            <Input.Password size="large" autoComplete="new-password" autoFocus />
          </Form.Item>
          <Form.Item label="Confirm new password" name="confirmpassword" rules={rule('confirmpassword')} dependencies={['newpassword']}>
            <Input.Password size="large" autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={set.isPending}>
            Set password
          </Button>
        </Form>
      )}
    </AuthShell>
  );
}
