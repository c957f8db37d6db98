import { useRef, useState } from 'react';
import { Alert, App, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { authApi } from '../../api/auth';
import { ApiError } from '../../api/client';
import { errorText } from '../../api/envelope';
import { sessionFromLogin } from '../../auth/sessionFromLogin';
import { AuthShell } from '../../components/auth/AuthShell';
import { ConfirmEmailForm } from '../../components/auth/ConfirmEmailForm';
import type { LoginRedirectState } from '../../routing/RouteGuard';
import { findRoute, paths, routeTable } from '../../routing/routeTable';
import { saveSession } from '../../session';
import { LoginForm } from './components/LoginForm';
import type { Credentials } from './components/LoginForm';

/** Where to go after signing in: back to the private screen that sent the user here, else the dashboard. */
function destination(state: LoginRedirectState | null): string {
  const from = state?.from;
  if (from === undefined) return paths.dashboard;
  const id = findRoute(from.pathname);
  if (id === undefined || routeTable[id].access !== 'private' || id === 'changePassword') return paths.dashboard;
  return `${from.pathname}${from.search}${from.hash}`;
}

/** Spec §2 /Login: email and password, links to /Register and /ForgotPassword. */
export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? null) as LoginRedirectState | null;
  const { message } = App.useApp();
  const [notice, setNotice] = useState(state?.notice);
  const [confirming, setConfirming] = useState<{ email: string; reason: string }>();
  // Kept so that, once the email is confirmed, the user is signed in without typing it all again.
  const lastCredentials = useRef<Credentials>(undefined);

  const login = useMutation({
    mutationFn: (credentials: Credentials) => authApi.login(credentials),
    onSuccess: (answer) => {
      const session = sessionFromLogin(answer.data);
      const mustChange = session.ispasswordchanged === 1;
      // Navigate, then store: both land in one render, so the guard never bounces the user
      // through the guest-only /login → /Dashboard redirect first.
      navigate(mustChange ? paths.changePassword : destination(state), { replace: true });
      saveSession(session);
      lastCredentials.current = undefined;
      if (!mustChange) void message.success(answer.message);
    },
    onError: (error, credentials) => {
      // 403: the password was right but the email is not confirmed yet (spec: offer the code step).
      if (error instanceof ApiError && error.status === 403) {
        setConfirming({ email: credentials.email, reason: error.message });
      }
    },
  });

  if (confirming !== undefined) {
    return (
      <AuthShell title="Confirm your email" subtitle="Confirm your address once and you are in." layout="compact">
        <ConfirmEmailForm
          email={confirming.email}
          intro={confirming.reason}
          introType="warning"
          onConfirmed={(confirmed) => {
            setConfirming(undefined);
            setNotice(confirmed);
            login.reset();
            if (lastCredentials.current !== undefined) login.mutate(lastCredentials.current);
          }}
          onBack={() => {
            setConfirming(undefined);
            login.reset();
          }}
          backLabel="Back to log in"
        />
      </AuthShell>
    );
  }

  const failure = login.isError && !(login.error instanceof ApiError && login.error.status === 403) ? errorText(login.error) : undefined;

  return (
    <AuthShell
      title="Log in to Proofmark"
      subtitle="Welcome back. Sign in with your organization email."
      layout="compact"
      footer={
        <Typography.Text type="secondary">
          New to Proofmark? <Link to={paths.register}>Create an account</Link>
        </Typography.Text>
      }
    >
      {notice !== undefined && failure === undefined && (
        <Alert type="success" showIcon title={notice} style={{ marginBottom: 20 }} />
      )}
      {state?.warning !== undefined && notice === undefined && failure === undefined && (
        <Alert type="warning" showIcon title={state.warning} style={{ marginBottom: 20 }} />
      )}
      <LoginForm
        initialEmail={state?.email}
        pending={login.isPending}
        error={failure}
        onSubmit={(credentials) => {
          lastCredentials.current = credentials;
          login.mutate(credentials);
        }}
      />
    </AuthShell>
  );
}
