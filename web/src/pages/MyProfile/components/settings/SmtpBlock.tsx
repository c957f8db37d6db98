import type { ReactNode } from 'react';
import { smtpUpdate } from '@proofmark/shared/contract/profile';
import type { ProfileData } from '@proofmark/shared/contract/profile';
import { useSettingsBlock } from './blockForm';
import { BlockForm } from './BlockForm';
import { FieldGrid } from './FieldGrid';
import type { FieldSpec } from './FieldGrid';
import { smtpSecrets, smtpValuesOf } from './smtpValues';
import type { SmtpValues } from './smtpValues';

export type SmtpKind = 'pwd' | 'oauth';

const cc: FieldSpec = { name: 'cc', label: 'CC', placeholder: 'Comma-separated addresses' };

/** The form's name and the fields each kind shows; the block saves them all (smtpValues.ts). */
const kinds: Record<SmtpKind, { label: string; fields: (p: ProfileData) => FieldSpec[] }> = {
  // Spec §5: blanks are sent empty, no checks on save.
  pwd: {
    label: 'SMTP',
    fields: (p) => [
      { name: 'host', label: 'SMTP host', md: 16, placeholder: 'smtp.example.com' },
      { name: 'port', label: 'Port', md: 8, placeholder: '587', inputMode: 'numeric' },
      { name: 'username', label: 'User name' },
      { name: 'password', label: 'SMTP password', secret: p.smtppassword },
      { name: 'from', label: 'From address', placeholder: 'certificates@example.com' },
      cc,
    ],
  },
  // Gmail's token endpoint unless another is given.
  oauth: {
    label: 'Gmail OAuth',
    fields: (p) => [
      { name: 'username', label: 'Gmail user name', placeholder: 'certificates@gmail.com' },
      { name: 'clientid', label: 'Client ID' },
      { name: 'clientsecret', label: 'Client secret', secret: p.smtpclientsecret },
      { name: 'refreshtoken', label: 'Refresh token', secret: p.smtprefreshtoken },
      { name: 'tokenurl', label: 'Token URL', md: 24, placeholder: 'Empty for Google’s' },
      { name: 'from', label: 'From address' },
      cc,
    ],
  },
};

/** SMTP with a user name and password (smtptype 0) or signed in with OAuth (smtptype 1). */
export function SmtpBlock({
  kind,
  profile,
  readOnly,
  extra,
}: {
  kind: SmtpKind;
  profile: ProfileData;
  readOnly: boolean;
  extra?: ReactNode;
}) {
  const block = useSettingsBlock<SmtpValues>('smtp', smtpUpdate, smtpSecrets);
  return (
    <BlockForm
      block={block}
      label={kinds[kind].label}
      readOnly={readOnly}
      initialValues={smtpValuesOf(profile)}
      submitWith={{ type: kind }}
      extra={extra}
    >
      <FieldGrid fields={kinds[kind].fields(profile)} rule={block.rule} />
    </BlockForm>
  );
}
