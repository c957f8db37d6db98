import { useState } from 'react';
import { App, Typography } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { AuthShell } from '../../components/auth/AuthShell';
import { ConfirmEmailForm } from '../../components/auth/ConfirmEmailForm';
import type { LoginRedirectState } from '../../routing/RouteGuard';
import { paths } from '../../routing/routeTable';
import { RegisterForm } from './components/RegisterForm';

type Step = { name: 'form' } | { name: 'confirm'; email: string; message: string };

/** Registration (spec §2 /Register), then the "Confirm your email" step, then the sign-in screen. */
export default function RegisterPage() {
  const [step, setStep] = useState<Step>({ name: 'form' });
  const navigate = useNavigate();
  const { message } = App.useApp();

  if (step.name === 'confirm') {
    return (
      <AuthShell
        pitch="register"
        layout="compact"
        title="Confirm your email"
        subtitle="One last step before you can sign in."
        footer={
          <Typography.Text type="secondary">
            Already confirmed? <Link to={paths.login}>Log in</Link>
          </Typography.Text>
        }
      >
        <ConfirmEmailForm
          email={step.email}
          intro={step.message}
          onConfirmed={(confirmed) => {
            const state: LoginRedirectState = { notice: confirmed, email: step.email };
            navigate(paths.login, { state });
          }}
          onBack={() => setStep({ name: 'form' })}
          backLabel="Use a different email"
        />
      </AuthShell>
    );
  }

  return (
    <AuthShell
      pitch="register"
      title="Create your organization account"
      subtitle="Start issuing verifiable certificates today. Your first 20 are free."
      footer={
        <Typography.Text type="secondary">
          Already have an account? <Link to={paths.login}>Log in</Link>
        </Typography.Text>
      }
    >
      <RegisterForm
        onRegistered={(email, registered) => {
          void message.success(registered);
          setStep({ name: 'confirm', email, message: registered });
        }}
      />
    </AuthShell>
  );
}
