import { contactUpdate } from '@proofmark/shared/api/profile';
import type { ProfileData } from '@proofmark/shared/api/profile';
import { FieldsBlock } from './FieldsBlock';

/** The address recipients and verifiers are told to write to. */
export function ContactBlock({ profile, readOnlyNote }: { profile: ProfileData; readOnlyNote?: string }) {
  return (
    <FieldsBlock
      settingKey="contactinformation"
      schema={contactUpdate}
      title="Contact email"
      description="Shown to recipients and verifiers who have questions."
      readOnlyNote={readOnlyNote}
      initialValues={{ contactemail: profile.contactemail }}
      fields={[
        { name: 'contactemail', label: 'Contact email', placeholder: 'support@example.edu', span: 24 },
      ]}
    />
  );
}
