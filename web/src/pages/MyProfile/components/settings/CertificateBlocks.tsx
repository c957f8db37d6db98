import { Col, Row } from 'antd';
import {
  apiModeUpdate,
  blockchainUpdate,
  downloadTypeUpdate,
  htmlUpdate,
  s3SaveUpdate,
  validateUpdate,
  versionUpdate,
} from '@proofmark/shared/contract/profile';
import type { ProfileData } from '@proofmark/shared/contract/profile';
import { ChoiceBlock } from './ChoiceBlock';
import type { ChoiceBlockSpec } from './ChoiceBlock';

const choices: ChoiceBlockSpec[] = [
  {
    settingKey: 'blockchain',
    schema: blockchainUpdate,
    title: 'Blockchain',
    description: 'The chain new certificates are anchored on.',
    options: [
      { value: 'bitcoin', label: 'Bitcoin' },
      { value: 'ethereum', label: 'Ethereum' },
    ],
    current: (p) => p.blockchain,
  },
  {
    settingKey: 'proofmarkversion',
    schema: versionUpdate,
    title: 'Certificate version',
    description: 'The certificate standard version new certificates follow.',
    options: [
      { value: 'v2', label: 'Version 2' },
      { value: 'v3', label: 'Version 3' },
    ],
    current: (p) => p.proofmarkversion,
  },
  {
    settingKey: 'isapimode',
    schema: apiModeUpdate,
    title: 'Mode',
    description: 'Upload recipients from Excel sheets, or send them through the API.',
    options: [
      { value: 0, label: 'Excel' },
      { value: 1, label: 'API' },
    ],
    current: (p) => p.isapimode,
  },
  {
    settingKey: 'ishtml',
    schema: htmlUpdate,
    title: 'Certificate format',
    description: 'Design certificates as HTML pages or as PNG images.',
    options: [
      { value: 1, label: 'HTML-based' },
      { value: 0, label: 'PNG-based' },
    ],
    current: (p) => p.ishtml,
  },
  {
    settingKey: 'downloadtype',
    schema: downloadTypeUpdate,
    title: 'Download type',
    description: 'One PDF per certificate, or all of a batch in one PDF.',
    options: [
      { value: 0, label: 'Individual' },
      { value: 1, label: 'Consolidated' },
    ],
    current: (p) => p.downloadmultiplefile,
  },
  {
    settingKey: 'iss3',
    schema: s3SaveUpdate,
    title: 'PDF output',
    description: 'Save generated PDFs to storage, or produce advanced PDFs.',
    options: [
      { value: 1, label: 'Save to S3' },
      { value: 0, label: 'Advanced PDF' },
    ],
    current: (p) => p.iss3,
  },
  // certificate-operations §2.5: Validate is offered only when this is on (profile validate = 1),
  // and then only to users with the validate permission.
  {
    settingKey: 'validate',
    schema: validateUpdate,
    title: 'Validate certificates before issuing',
    description:
      'Offer Validate in the certificate preview and Validate for Cohort to users with the validate permission.',
    options: [
      { value: 1, label: 'On' },
      { value: 0, label: 'Off' },
    ],
    current: (p) => p.validate,
  },
];

/** The choice blocks of the Setting tab: how certificates are anchored, made and delivered (spec §3, §9). */
export function CertificateBlocks({
  profile,
  readOnlyNote,
}: {
  profile: ProfileData;
  readOnlyNote?: string;
}) {
  return (
    <Row gutter={[16, 16]}>
      {choices.map((spec) => (
        <Col key={spec.settingKey} xs={24} md={12} xl={8}>
          <ChoiceBlock spec={spec} profile={profile} readOnlyNote={readOnlyNote} />
        </Col>
      ))}
    </Row>
  );
}
