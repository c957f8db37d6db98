import { stripeUpdate } from '@proofmark/shared/api/profile';
import type { ProfileData } from '@proofmark/shared/api/profile';
import { FieldsBlock } from './FieldsBlock';

/** Payment provider (Stripe) keys for paid verification requests; the secret ones are write-only. */
export function PaymentBlock({ profile, readOnlyNote }: { profile: ProfileData; readOnlyNote?: string }) {
  return (
    <FieldsBlock
      settingKey="stripeinformation"
      schema={stripeUpdate}
      title="Payment provider"
      description="Stripe keys used when verifiers pay for a verification request."
      readOnlyNote={readOnlyNote}
      initialValues={{ publickey: profile.stripepublickey }}
      fields={[
        { name: 'publickey', label: 'Public key', placeholder: 'pk_…', span: 24 },
        { name: 'secretkey', label: 'Secret key', secret: profile.stripesecretkey },
        { name: 'productapikey', label: 'Product API key', secret: profile.stripeproductapikey },
      ]}
    />
  );
}
