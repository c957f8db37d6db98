import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Col, Form, Input, Result, Row, Skeleton, Typography } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { formatPrice } from '@proofmark/shared/contract/billing';
import type { VerificationRequestForm } from '@proofmark/shared/contract/verification-requests';
import { errorText } from '../../api/envelope';
import { publicAnswer, publicApi } from '../../api/public';
import { LocalCardForm } from '../Payment/LocalCardForm';

const StripeCardForm = lazy(() => import('../Payment/StripeCardForm'));

const fields: { name: keyof VerificationRequestForm; label: string; type?: string; autoComplete?: string; max: number }[] = [
  { name: 'payer_name', label: 'Your name', autoComplete: 'name', max: 120 },
  { name: 'organization', label: 'Your organisation', autoComplete: 'organization', max: 200 },
  { name: 'designation', label: 'Your designation', autoComplete: 'organization-title', max: 120 },
  { name: 'email', label: 'Your email', type: 'email', autoComplete: 'email', max: 254 },
  { name: 'contactnumber', label: 'Your contact number', type: 'tel', autoComplete: 'tel', max: 32 },
  { name: 'fullname', label: "Candidate's full name", autoComplete: 'off', max: 200 },
  { name: 'enrollnumber', label: 'Enrolment number', autoComplete: 'off', max: 100 },
  { name: 'competencyname', label: 'Competency name', autoComplete: 'off', max: 200 },
];

/** The query parameter the Payment Element's redirect comes back with (AWS): the request to confirm. */
export const REQUEST_PARAM = 'request';

/**
 * A paid verification request on an organisation's verifier page: the employer's form and the
 * organisation's fee, paid to the organisation's own Stripe account (the local test payments form on
 * one machine, the Payment Element in AWS), then confirmed by the server, which reads the payment
 * back from the organisation's account. Organisations without keys or a fee get one sentence.
 */
export function VerificationRequestCard({ slug, returnedRequest }: { slug: string; returnedRequest?: string }) {
  const offer = useQuery({
    queryKey: ['verification-offer', slug],
    queryFn: () => publicApi('GET /api/public/verifiers/{slug}/verification-requests', { params: { slug } }),
    retry: false,
  });
  const start = useMutation({
    mutationFn: (form: VerificationRequestForm) =>
      publicApi('POST /api/public/verifiers/{slug}/verification-requests', { params: { slug }, body: form }),
  });
  const confirm = useMutation({
    mutationFn: (requestId: string) =>
      publicAnswer('POST /api/public/verifiers/{slug}/verification-requests/{requestId}/confirm', {
        params: { slug, requestId },
      }),
  });
  const [returned] = useState(returnedRequest);
  const confirmedReturn = useRef(false);
  useEffect(() => {
    if (returned && !confirmedReturn.current) {
      confirmedReturn.current = true;
      confirm.mutate(returned);
    }
  }, [returned, confirm]);

  if (offer.isError) return null;
  const title = 'Request a verification';
  if (offer.isPending) return <Card title={title}><Skeleton active /></Card>;
  if (!offer.data.accepting)
    return (
      <Card title={title}>
        <Typography.Text data-testid="verification-requests-closed">{offer.data.message}</Typography.Text>
      </Card>
    );
  const fee = formatPrice(offer.data.amountCents ?? 0, offer.data.currency ?? 'usd');

  if (confirm.data?.data.status === 'paid')
    return (
      <Card title={title}>
        <Result
          status="success"
          title="Request sent"
          subTitle={`${confirm.data.message} Transaction: ${confirm.data.data.transactionId ?? ''}`}
          data-testid="verification-request-paid"
        />
      </Card>
    );

  const started = start.data;
  return (
    <Card title={title}>
      {confirm.data && (
        <Alert type={confirm.data.data.status === 'processing' ? 'info' : 'error'} showIcon title={confirm.data.message} style={{ marginBottom: 16 }} data-testid="verification-request-unpaid" />
      )}
      {confirm.isError && <Alert type="error" showIcon title={errorText(confirm.error)} style={{ marginBottom: 16 }} />}
      {started ? (
        <>
          <Typography.Paragraph>
            Fee: <strong>{formatPrice(started.amountCents, started.currency)}</strong>, paid to the organisation.
          </Typography.Paragraph>
          {started.standInUrl ? (
            <LocalCardForm
              standInUrl={started.standInUrl}
              publishableKey={started.publishableKey}
              paymentId={started.paymentId}
              clientSecret={started.clientSecret}
              onDone={() => confirm.mutate(started.requestId)}
            />
          ) : (
            <Suspense fallback={<Skeleton active />}>
              <StripeCardForm
                publishableKey={started.publishableKey}
                clientSecret={started.clientSecret}
                returnUrl={`${window.location.origin}/verify/${encodeURIComponent(slug)}?${REQUEST_PARAM}=${started.requestId}`}
              />
            </Suspense>
          )}
        </>
      ) : (
        <Form<VerificationRequestForm>
          layout="vertical"
          aria-label="Verification request"
          onFinish={(form) => start.mutate(form)}
          disabled={start.isPending}
        >
          <Typography.Paragraph>
            Ask this organisation to verify a candidate&apos;s certificate. The fee of <strong>{fee}</strong> is
            paid to the organisation; it receives your request once the payment goes through.
          </Typography.Paragraph>
          <Row gutter={16}>
            {fields.map((f) => (
              <Col xs={24} md={12} key={f.name}>
                <Form.Item
                  name={f.name}
                  label={f.label}
                  rules={[
                    { required: true, whitespace: true, message: `Please enter ${f.label.toLowerCase()}.` },
                    ...(f.type === 'email' ? [{ type: 'email' as const, message: 'Please enter a valid email address.' }] : []),
                  ]}
                >
                  <Input type={f.type ?? 'text'} autoComplete={f.autoComplete} maxLength={f.max} />
                </Form.Item>
              </Col>
            ))}
          </Row>
          {start.isError && <Alert type="error" showIcon title={errorText(start.error)} style={{ marginBottom: 16 }} />}
          <Button type="primary" htmlType="submit" loading={start.isPending}>
            Continue to payment ({fee})
          </Button>
        </Form>
      )}
    </Card>
  );
}
