import type { ReactNode } from 'react';
import { Col, Row, Typography } from 'antd';
import {
  BarChartOutlined,
  CloudUploadOutlined,
  FormatPainterOutlined,
  QrcodeOutlined,
  SafetyCertificateOutlined,
  StopOutlined,
  TeamOutlined,
  TrophyOutlined,
} from '../../../components/icons';
import { maxBatchSize } from '../content';
import styles from '../Home.module.css';
import { Panel } from './Panel';
import { SectionHeader } from './SectionHeader';

const features: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <SafetyCertificateOutlined />,
    title: 'Anchored on the blockchain',
    text: 'Each batch is sealed by a single blockchain transaction. Change one letter of a certificate and verification fails.',
  },
  {
    icon: <CloudUploadOutlined />,
    title: 'Issue in bulk',
    text: `Upload recipients from a spreadsheet and issue batches of up to ${maxBatchSize.toLocaleString('en-US')} certificates at once.`,
  },
  {
    icon: <FormatPainterOutlined />,
    title: 'Certificate designer',
    text: 'Start from more than 200 designs, add your logo and signatures, and preview every certificate before it leaves.',
  },
  {
    icon: <TrophyOutlined />,
    title: 'Open Badges',
    text: 'Bake Open Badges that recipients show on their profiles and that any badge reader can check.',
  },
  {
    icon: <StopOutlined />,
    title: 'Revoke or hold',
    text: 'Withdraw a certificate with a recorded reason, or hold it and release it later. Verifiers see the change at once.',
  },
  {
    icon: <QrcodeOutlined />,
    title: 'Verified in seconds',
    text: "Every certificate carries a QR code and a link to your organisation's verifier page. No phone calls, no emails.",
  },
  {
    icon: <TeamOutlined />,
    title: 'Team permissions',
    text: 'Invite colleagues as administrators, issuers or view-only users, with a switch for every action.',
  },
  {
    icon: <BarChartOutlined />,
    title: 'Insight',
    text: 'Follow issued, sent and revoked certificates by month or year, and export the figures to CSV.',
  },
];

export function Features() {
  return (
    <section id="features" className={`${styles.section} ${styles.sectionAlt}`}>
      <div className={styles.inner}>
        <SectionHeader
          eyebrow="Features"
          title="Everything you need to issue credentials that last"
          lead="From the spreadsheet of graduates to a certificate an employer trusts, in one place."
        />
        <Row gutter={[24, 24]}>
          {features.map((feature) => (
            <Col key={feature.title} xs={24} sm={12} lg={6}>
              <Panel className={styles.featureCard}>
                <div className={styles.featureIcon} aria-hidden="true">
                  {feature.icon}
                </div>
                <Typography.Title level={3} style={{ fontSize: 17, margin: '0 0 8px' }}>
                  {feature.title}
                </Typography.Title>
                <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                  {feature.text}
                </Typography.Paragraph>
              </Panel>
            </Col>
          ))}
        </Row>
      </div>
    </section>
  );
}
