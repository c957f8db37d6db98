import { useState } from 'react';
import { Alert, Button, Form, Input, Typography } from 'antd';

/**
 * One machine only: Stripe.js cannot load here (no network), so the card is confirmed at the local
 * Stripe stand-in the way Stripe.js confirms it (publishable key + client secret). Labelled as what it is.
 */
export function LocalCardForm(props: {
  standInUrl: string;
  publishableKey: string;
  paymentId: string;
  clientSecret: string;
  onDone: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const pay = async ({ number }: { number: string }) => {
    setBusy(true);
    setError(undefined);
    try {
      const body = new URLSearchParams({
        key: props.publishableKey,
        client_secret: props.clientSecret,
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': number.replace(/\s+/g, ''),
      });
      const res = await fetch(`${props.standInUrl}/v1/payment_intents/${props.paymentId}/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      // A declined card (402) is an outcome: /paymentstatus shows it, as Stripe's redirect would.
      if (res.ok || res.status === 402) return props.onDone();
      const answer = (await res.json().catch(() => ({}))) as { error?: { message?: string } };
      setError(answer.error?.message ?? 'The card could not be checked.');
    } catch {
      setError('The local test payments service could not be reached.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form layout="vertical" onFinish={(v: { number: string }) => void pay(v)} aria-label="local test payments">
      <Alert
        type="info"
        showIcon
        title="Local test payments"
        description="This installation uses the local Stripe stand-in: no card is charged. 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined."
        style={{ marginBottom: 16 }}
      />
      <Form.Item label="Card number (local test payments)" name="number" rules={[{ required: true, message: 'Please enter a card number.' }]}>
        <Input inputMode="numeric" autoComplete="off" placeholder="4242 4242 4242 4242" maxLength={23} />
      </Form.Item>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Button type="primary" htmlType="submit" block size="large" loading={busy}>
        Pay
      </Button>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        Any expiry date and security code would do; the stand-in reads only the number.
      </Typography.Paragraph>
    </Form>
  );
}
