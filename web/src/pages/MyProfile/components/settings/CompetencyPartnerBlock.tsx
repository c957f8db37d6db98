import { competencyPartnerUpdate } from '@proofmark/shared/api/profile';
import type { ProfileData } from '@proofmark/shared/api/profile';
import { FieldsBlock } from './FieldsBlock';

/** The competency partner named on certificates ('Competency name is required!'). */
export function CompetencyPartnerBlock({
  profile,
  readOnlyNote,
}: {
  profile: ProfileData;
  readOnlyNote?: string;
}) {
  return (
    <FieldsBlock
      settingKey="competencypartnerinformation"
      schema={competencyPartnerUpdate}
      title="Competency partner"
      readOnlyNote={readOnlyNote}
      initialValues={{
        competencyname: profile.competencypartner?.competencyname ?? '',
        description: profile.competencypartner?.description ?? '',
      }}
      fields={[
        { name: 'competencyname', label: 'Competency name', span: 24 },
        { name: 'description', label: 'Description', span: 24, multiline: true },
      ]}
    />
  );
}
