import { useEffect, useState } from 'react';
import { Flex, Segmented, Typography } from 'antd';
import type { CertificateType } from '@proofmark/shared/certificate-types';
import { DEFAULT_CERTIFICATE_TYPE } from '@proofmark/shared/certificate-types';
import { useCan } from '../../auth/useCan';
import { useOrgScope } from '../../auth/useOrgScope';
import { useCohorts } from '../../api/recipients';
import { CertificateTypeSelect } from '../../components/CertificateTypeSelect';
import { PageContainer } from '../../components/PageContainer';
import { PageHeading } from '../../components/PageHeading';
import { FormatPainterOutlined } from '../../components/icons';
import { routeTable } from '../../routing/routeTable';
import { readStored, writeStored } from '../../storedChoices';
import { CohortFilter } from '../ManageStudents/components/CohortFilter';
import { CertificateDesigner, designerMessages } from './components/CertificateDesigner';
import { MailTemplateEditor } from './components/MailTemplateEditor';

/**
 * /DesignCertificate (§2.3): the cohort and certificate-type selectors on top, and what is designed:
 * certificates (and open-badge designs, as the OpenBadges type) or the emails recipients receive.
 * Each kind's editor is its own component under ./components; this page only chooses between them.
 */
export type DesignKind = 'certificate' | 'email' | 'badge';

const kinds: Array<{ label: string; value: DesignKind }> = [
  { label: 'Certificate', value: 'certificate' },
  { label: 'Email', value: 'email' },
  { label: 'Badge', value: 'badge' },
];

interface Remembered {
  kind: DesignKind;
  certtype: CertificateType;
  cohort: string;
}

const parseRemembered = (text: string | null): Remembered => {
  const fallback: Remembered = { kind: 'certificate', certtype: DEFAULT_CERTIFICATE_TYPE, cohort: '' };
  try {
    const v = JSON.parse(text ?? '{}') as Partial<Remembered>;
    return {
      kind: kinds.some((k) => k.value === v.kind) ? v.kind! : fallback.kind,
      certtype: typeof v.certtype === 'string' ? v.certtype : fallback.certtype,
      cohort: typeof v.cohort === 'string' ? v.cohort : '',
    };
  } catch {
    return fallback;
  }
};

export default function DesignCertificatePage() {
  const org = useOrgScope();
  const storageKey = `proofmark.designCertificate.${org}`;
  const [remembered] = useState(() => parseRemembered(readStored(storageKey)));
  const [kind, setKind] = useState<DesignKind>(remembered.kind);
  const [certtype, setCerttype] = useState<CertificateType>(remembered.certtype);
  const [cohort, setCohort] = useState(remembered.cohort);
  const canSave = useCan('designcertificate');
  const cohorts = useCohorts(certtype);

  useEffect(
    () => writeStored(storageKey, JSON.stringify({ kind, certtype, cohort })),
    [storageKey, kind, certtype, cohort],
  );

  // A cohort must be chosen; in cohort search mode 1 the chain of parts must name a whole cohort.
  const known = cohorts.data?.Data.some((c) => c.value === cohort) ?? false;
  const cohortProblem =
    cohort === ''
      ? designerMessages.selectCohort
      : cohorts.data && !known
        ? cohorts.data.cohortsearchmode === 1
          ? designerMessages.checkBatch
          : designerMessages.selectCohort
        : undefined;

  return (
    <PageContainer width={1280}>
      <Flex vertical gap={24}>
        <PageHeading
          icon={<FormatPainterOutlined />}
          title={routeTable.designCertificate.title}
          subtitle="Make each cohort's certificates your own: pick a design, personalise it, preview and save."
        >
          <Segmented
            aria-label="What to design"
            options={kinds}
            value={kind}
            onChange={(v) => setKind(v as DesignKind)}
          />
        </PageHeading>
        <Flex gap={16} wrap align="center">
          <Flex gap={8} align="center">
            <Typography.Text type="secondary">Cohort</Typography.Text>
            <CohortFilter
              cohorts={cohorts.data}
              loading={cohorts.isLoading}
              value={cohort}
              onChange={setCohort}
              label="Cohort"
              allLabel="Select a cohort"
            />
          </Flex>
          {kind === 'certificate' && (
            <Flex gap={8} align="center">
              <CertificateTypeSelect id="dc-certtype" value={certtype} onChange={setCerttype} />
            </Flex>
          )}
        </Flex>
        {kind === 'certificate' ? (
          <CertificateDesigner
            certtype={certtype}
            cohort={cohort}
            cohortProblem={cohortProblem}
            canSave={canSave}
          />
        ) : (
          <MailTemplateEditor cohort={cohort} cohortProblem={cohortProblem} badgeOnly={kind === 'badge'} />
        )}
      </Flex>
    </PageContainer>
  );
}
