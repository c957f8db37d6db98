import { useState } from 'react';
import { Alert, Button } from 'antd';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';

const stripes = new Map<string, Promise<Stripe | null>>();

function PayButton({ returnUrl }: { returnUrl: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const pay = async () => {
    if (!stripe || !elements) return;
    setBusy(true);
    const { error: failed } = await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl } });
    // Only reached when the confirmation failed before leaving (Stripe redirects on success).
    setError(failed?.message);
    setBusy(false);
  };
  return (
    <>
      {error && <Alert type="error" showIcon title={error} style={{ margin: '12px 0' }} />}
      <Button type="primary" block size="large" loading={busy} disabled={!stripe} onClick={() => void pay()} style={{ marginTop: 16 }}>
        Pay
      </Button>
    </>
  );
}

/** In AWS: Stripe's Payment Element (Stripe.js is loaded only here, on /payment). */
export default function StripeCardForm(props: { publishableKey: string; clientSecret: string; returnUrl: string }) {
  let stripe = stripes.get(props.publishableKey);
  if (!stripe) stripes.set(props.publishableKey, (stripe = loadStripe(props.publishableKey)));
  return (
    <Elements stripe={stripe} options={{ clientSecret: props.clientSecret }}>
      <PaymentElement />
      <PayButton returnUrl={props.returnUrl} />
    </Elements>
  );
}
