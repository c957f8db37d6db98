import { useEffect, useRef } from 'react';
import { App, Flex, Spin, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { billingApi } from '../../api/billing';
import { errorText } from '../../api/envelope';
import { PageContainer } from '../../components/PageContainer';
import { routeTable } from '../../routing/routeTable';

/** How long /paymentstatus waits for Stripe's event before it says the payment is still processing. */
const WAIT_MS = 30_000;

/**
 * /paymentstatus (§2, §4): a spinner while the payment's state is read from our API (never from the
 * URL, which only names the payment), then the success or error toast and /Dashboard after 1 second.
 */
export default function PaymentStatusPage() {
  const [search] = useSearchParams();
  const paymentId = search.get('payment_intent') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const started = useRef(Date.now()).current;
  const done = useRef(false);
  const payment = useQuery({
    queryKey: ['payment', paymentId],
    queryFn: () => billingApi.payment(paymentId),
    enabled: !!paymentId,
    retry: false,
    refetchInterval: (q) => (q.state.data?.status === 'processing' && Date.now() - started < WAIT_MS ? 1000 : false),
  });

  const status = payment.data?.status;
  const settled = payment.isError || status === 'succeeded' || status === 'failed' || (status === 'processing' && Date.now() - started >= WAIT_MS);
  useEffect(() => {
    if (!settled || done.current) return;
    done.current = true;
    if (payment.isError) void message.error(errorText(payment.error));
    else if (status === 'succeeded') void message.success(payment.data!.message);
    else if (status === 'failed') void message.error(payment.data!.message);
    else void message.info(payment.data!.message);
    void queryClient.invalidateQueries({ queryKey: ['balance'] });
    // Not cleared on re-render: the toast is shown once and the redirect must follow it.
    setTimeout(() => navigate(routeTable.dashboard.path), 1000);
  }, [settled, status, payment, message, navigate, queryClient]);

  if (!paymentId) return <Navigate to={routeTable.plans.path} replace />;
  return (
    <PageContainer width={640}>
      <Flex vertical align="center" gap={16} style={{ padding: '64px 0' }}>
        <Typography.Title level={1} style={{ fontSize: 24 }}>
          {routeTable.paymentStatus.title}
        </Typography.Title>
        <Spin size="large" aria-label="Checking your payment" />
        <Typography.Text type="secondary">Checking your payment…</Typography.Text>
      </Flex>
    </PageContainer>
  );
}
