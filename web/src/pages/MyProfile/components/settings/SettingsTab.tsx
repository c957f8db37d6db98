import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { Alert, Anchor, Col, Flex, Row, Skeleton, Typography } from 'antd';
import { settingsMessages } from '@proofmark/shared/settings/messages';
import { errorText } from '../../../../api/envelope';
import { AfterFirstPaint } from '../../../../components/AfterFirstPaint';
import { useCan } from '../../../../auth/useCan';
import { CertificateBlocks } from './CertificateBlocks';
import { competencyPartnerBlock, contactBlock, gasBlock, issuerBlock, paymentBlock } from './fieldBlocks';
import { FieldsBlock } from './FieldsBlock';
import { ImageBlock } from './ImageBlock';
import { MailSettings } from './MailSettings';
import { PartnerCompanyBlock } from './PartnerCompanyBlock';
import { useProfile } from '../../../../api/profile';
import { StorageSettings } from './StorageSettings';
import { transactionReceipts } from '../../lazyParts';

const sections = [
  { id: 'settings-certificates', title: 'Certificates' },
  { id: 'settings-delivery', title: 'Storage and mail' },
  { id: 'settings-branding', title: 'Logo and signature' },
  { id: 'settings-issuer', title: 'Issuer and contact' },
  { id: 'settings-partners', title: 'Payment and partners' },
  { id: 'settings-receipts', title: 'Transaction receipts' },
] as const;
type SectionId = (typeof sections)[number]['id'];

function Section({ id, children }: { id: SectionId; children: ReactNode }) {
  const title = sections.find((s) => s.id === id)?.title;
  return (
    <section id={id} style={{ scrollMarginTop: 88 }}>
      <Typography.Title level={4} style={{ margin: '0 0 12px', fontSize: 17 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

// The last section loads on its own (lazyParts.ts): the first block does not wait for its table.
const TransactionReceiptsBlock = transactionReceipts.Component;

const noProfilePermission = 'You need the “change profile” permission to change these settings.';

/**
 * The Setting tab (spec §2): every block with its own Save, validated with the shared contract's
 * schema. Blocks that hold mail, storage or payment credentials are the main administrator's.
 */
export function SettingsTab() {
  const profile = useProfile();
  const canChange = useCan('changelogo');
  const isMainAdmin = useCan('mainAdmin');

  if (profile.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (profile.isError) return <Alert type="error" showIcon title={errorText(profile.error)} />;

  const p = profile.data;
  const general = canChange ? undefined : noProfilePermission;
  const adminOnly = isMainAdmin ? undefined : settingsMessages.mainAdminOnly;

  return (
    <Row gutter={32} wrap={false}>
      {/* Wide enough for "Payment and partners" in wide fallback fonts (DejaVu Sans); titles wrap rather than cut. */}
      <Col flex="230px" className="settings-anchor" style={{ display: 'none' }}>
        <Anchor
          offsetTop={88}
          targetOffset={96}
          items={sections.map((s) => ({ key: s.id, href: `#${s.id}`, title: s.title }))}
          onClick={(event) => event.preventDefault()}
          replace
        />
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <style>
          {'@media (min-width: 1100px) { .settings-anchor { display: block !important; } }' +
            '.settings-anchor .ant-anchor-link-title { white-space: normal; }'}
        </style>
        <Flex vertical gap={32}>
          <Section id="settings-certificates">
            <CertificateBlocks profile={p} readOnlyNote={general} />
          </Section>
          {/* The first section shows at once; the rest follows once it has been painted. */}
          <AfterFirstPaint fallback={<Skeleton active paragraph={{ rows: 10 }} />}>
            <Section id="settings-delivery">
              <Flex vertical gap={16}>
                <StorageSettings profile={p} readOnlyNote={adminOnly} />
                <MailSettings profile={p} readOnlyNote={adminOnly} />
              </Flex>
            </Section>
            <Section id="settings-branding">
              <Row gutter={[16, 16]}>
                <Col xs={24} lg={12}>
                  <ImageBlock slot="logo" url={p.logoimage} readOnlyNote={general} />
                </Col>
                <Col xs={24} lg={12}>
                  <ImageBlock slot="signature" url={p.signatureimage} readOnlyNote={general} />
                </Col>
              </Row>
            </Section>
            <Section id="settings-issuer">
              <Row gutter={[16, 16]}>
                <Col xs={24}>
                  <FieldsBlock spec={issuerBlock} profile={p} readOnlyNote={general} />
                </Col>
                <Col xs={24} md={12}>
                  <FieldsBlock spec={gasBlock} profile={p} readOnlyNote={general} />
                </Col>
                <Col xs={24} md={12}>
                  <FieldsBlock spec={contactBlock} profile={p} readOnlyNote={general} />
                </Col>
              </Row>
            </Section>
            <Section id="settings-partners">
              <Row gutter={[16, 16]}>
                <Col xs={24}>
                  <FieldsBlock spec={paymentBlock} profile={p} readOnlyNote={adminOnly} />
                </Col>
                <Col xs={24} xl={10}>
                  <FieldsBlock spec={competencyPartnerBlock} profile={p} readOnlyNote={general} />
                </Col>
                <Col xs={24} xl={14}>
                  <PartnerCompanyBlock profile={p} readOnlyNote={general} />
                </Col>
              </Row>
            </Section>
            <Section id="settings-receipts">
              <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
                <TransactionReceiptsBlock />
              </Suspense>
            </Section>
          </AfterFirstPaint>
        </Flex>
      </Col>
    </Row>
  );
}
