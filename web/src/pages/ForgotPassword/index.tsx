import { useEffect, useState } from 'react';
import { Alert, App, Flex, Spin, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { authApi } from '../../api/auth';
import { errorText } from '../../api/envelope';
import { AuthShell } from '../../components/auth/AuthShell';
import type { LoginRedirectState } from '../../routing/RouteGuard';
import { paths } from '../../routing/routeTable';
import { RequestCodeForm } from './components/RequestCodeForm';
import { ResetPasswordForm } from './components/ResetPasswordForm';

/** Spec §9: the sign-in screen follows a successful reset after 4 seconds. */
export const RESET_REDIRECT_DELAY_MS = 4000;

type Step =
  | { name: 'email' }
  | { name: 'reset'; email: string; sent: string }
  | { name: 'done'; email: string; message: string };

/** Spec §2 /ForgotPassword: the registered email, then the mailed code and a new password. */
export default function ForgotPasswordPage() {
  const [step, setStep] = useState<Step>({ name: 'email' });
  const navigate = useNavigate();
  const { message } = App.useApp();

  const resend = useMutation({
    mutationFn: (email: string) => authApi.forgot(email),
    onSuccess: (answer) => void message.success(answer.message),
    onError: (error) => void message.error(errorText(error)),
  });

  useEffect(() => {
    if (step.name !== 'done') return undefined;
    const state: LoginRedirectState = { notice: step.message, email: step.email };
    const timer = window.setTimeout(() => navigate(paths.login, { state }), RESET_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [step, navigate]);

  const back = (
    <Typography.Text type="secondary">
      Remembered it? <Link to={paths.login}>Back to log in</Link>
    </Typography.Text>
  );

  if (step.name === 'done') {
    return (
      <AuthShell title="Password reset" layout="compact" footer={back}>
        <Alert type="success" showIcon title={step.message} style={{ marginBottom: 20 }} />
        <Flex align="center" gap={12}>
          <Spin size="small" />
          <Typography.Text type="secondary">Taking you to the log in page…</Typography.Text>
        </Flex>
      </AuthShell>
    );
  }

  if (step.name === 'reset') {
    return (
      <AuthShell title="Choose a new password" subtitle="Enter the code from the email and your new password." layout="compact" footer={back}>
        <ResetPasswordForm
          email={step.email}
          sentMessage={step.sent}
          onReset={(done) => setStep({ name: 'done', email: step.email, message: done })}
          onResend={() => resend.mutate(step.email)}
          resending={resend.isPending}
        />
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="Forgot your password?"
      subtitle="Enter the email you registered with and we will send you a code to set a new one."
      layout="compact"
      footer={back}
    >
      <RequestCodeForm onSent={(email, sent) => setStep({ name: 'reset', email, sent })} />
    </AuthShell>
  );
}
