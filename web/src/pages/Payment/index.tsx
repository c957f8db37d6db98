import { lazy, Suspense, useRef } from 'react';
import { Alert, Card, Col, Descriptions, Row, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { formatPrice } from '@proofmark/shared/contract/billing';
import { billingApi } from '../../api/billing';
import { errorText } from '../../api/envelope';
import { usePlans } from '../../api/plans';
import { PageContainer } from '../../components/PageContainer';
import { PageHeading } from '../../components/PageHeading';
import { SafetyCertificateOutlined } from '../../components/icons';
import { routeTable } from '../../routing/routeTable';
import { LocalCardForm } from './LocalCardForm';

const StripeCardForm = lazy(() => import('./StripeCardForm'));

/** /payment (§2): the order summary (quantity 1, tax 0) and the card form; without a plan, back to /Plans. */
export default function PaymentPage() {
  const location = useLocation();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const planId = (location.state as { planId?: string } | null)?.planId ?? search.get('plan') ?? undefined;
  const plans = usePlans();
  const plan = plans.data?.find((p) => p.planId === planId);
  // One checkout per visit of this screen: a double render or retry answers the same PaymentIntent.
  const checkoutId = useRef(crypto.randomUUID()).current;
  const checkout = useQuery({
    queryKey: ['checkout', planId, checkoutId],
    queryFn: () => billingApi.checkout(planId!, checkoutId),
    enabled: !!plan,
    staleTime: Infinity,
    retry: false,
  });

  if (!planId || (plans.isSuccess && !plan)) return <Navigate to={routeTable.plans.path} replace />;
  const statusUrl = (id: string) => `${routeTable.paymentStatus.path}?payment_intent=${encodeURIComponent(id)}`;

  return (
    <PageContainer width={960}>
      <PageHeading icon={<SafetyCertificateOutlined />} title={routeTable.payment.title} subtitle="Review your order and pay by card." />
      <Row gutter={[24, 24]} style={{ marginTop: 24 }}>
        <Col xs={24} md={12}>
          <Card title="Order summary">
            {plan ? (
              <Descriptions column={1} size="small" bordered>
                <Descriptions.Item label="Plan">{plan.name}</Descriptions.Item>
                <Descriptions.Item label="Certificates">{plan.certificates.toLocaleString('en-US')}</Descriptions.Item>
                <Descriptions.Item label="Quantity">1</Descriptions.Item>
                <Descriptions.Item label="Price">{formatPrice(plan.priceCents, plan.currency)}</Descriptions.Item>
                <Descriptions.Item label="Tax">{formatPrice(0, plan.currency)}</Descriptions.Item>
                <Descriptions.Item label="Total">
                  <strong>{formatPrice(plan.priceCents, plan.currency)}</strong>
                </Descriptions.Item>
              </Descriptions>
            ) : (
              <Skeleton active />
            )}
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card title="Card">
            {checkout.isError && <Alert type="error" showIcon title={errorText(checkout.error)} />}
            {checkout.isPending && <Skeleton active />}
            {checkout.data &&
              (checkout.data.standInUrl ? (
                <LocalCardForm
                  standInUrl={checkout.data.standInUrl}
                  publishableKey={checkout.data.publishableKey}
                  paymentId={checkout.data.paymentId}
                  clientSecret={checkout.data.clientSecret}
                  onDone={() => navigate(statusUrl(checkout.data.paymentId))}
                />
              ) : (
                <Suspense fallback={<Skeleton active />}>
                  <StripeCardForm
                    publishableKey={checkout.data.publishableKey}
                    clientSecret={checkout.data.clientSecret}
                    returnUrl={`${window.location.origin}${routeTable.paymentStatus.path}`}
                  />
                </Suspense>
              ))}
          </Card>
        </Col>
      </Row>
    </PageContainer>
  );
}
