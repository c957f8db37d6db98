import { issuerUpdate } from '@proofmark/shared/api/profile';
import type { ProfileData } from '@proofmark/shared/api/profile';
import { FieldsBlock } from './FieldsBlock';

/** Issuer information written into certificates; URLs lose trailing slashes (spec §5). */
export function IssuerBlock({ profile, readOnlyNote }: { profile: ProfileData; readOnlyNote?: string }) {
  return (
    <FieldsBlock
      settingKey="issuerinformation"
      schema={issuerUpdate}
      title="Issuer information"
      description="How certificates name your organisation and where verifiers look it up. Trailing slashes are removed from URLs."
      readOnlyNote={readOnlyNote}
      initialValues={{
        issuername: profile.issuername,
        issueremail: profile.issueremail,
        issuerurl: profile.issuerurl,
        revocationurl: profile.revocationurl,
        verifybaseurl: profile.verifybaseurl,
        baseurl: profile.baseurl,
      }}
      fields={[
        { name: 'issuername', label: 'Issuer name' },
        { name: 'issueremail', label: 'Issuer email', placeholder: 'registrar@example.edu' },
        { name: 'issuerurl', label: 'Issuer URL', placeholder: 'https://' },
        { name: 'revocationurl', label: 'Revocation URL', placeholder: 'https://' },
        { name: 'verifybaseurl', label: 'Verify base URL', placeholder: 'https://' },
        { name: 'baseurl', label: 'Base URL', placeholder: 'https://' },
      ]}
    />
  );
}
