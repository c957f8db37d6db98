import { Col, Row, Tag, Typography } from 'antd';
import { certificateTypes } from '../content';
import styles from '../Home.module.css';
import { SectionHeader } from './SectionHeader';

const steps = [
  {
    title: 'Upload recipients',
    text: 'Import a cohort from a spreadsheet or your student system, and invite each recipient to connect their wallet.',
  },
  {
    title: 'Design and review',
    text: 'Pick a design, personalise it, then preview and validate the generated certificates as a team.',
  },
  {
    title: 'Issue and send',
    text: 'Anchor the whole batch on the blockchain and email every recipient their certificate in one step.',
  },
  {
    title: 'Anyone verifies',
    text: 'Recipients share a link or QR code; anyone can confirm the certificate is genuine and still valid.',
  },
];

export function HowItWorks() {
  return (
    <section id="how-it-works" className={styles.section}>
      <div className={styles.inner}>
        <SectionHeader eyebrow="How it works" title="From spreadsheet to verified credential in four steps" />
        <Row gutter={[32, 32]}>
          {steps.map((step, index) => (
            <Col key={step.title} xs={24} sm={12} lg={6}>
              <div className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </div>
              <Typography.Title level={3} style={{ fontSize: 18, margin: '0 0 8px' }}>
                {step.title}
              </Typography.Title>
              <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                {step.text}
              </Typography.Paragraph>
            </Col>
          ))}
        </Row>
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center', margin: '56px 0 0' }}>
          Every document your institution signs, from degrees to badges:
        </Typography.Paragraph>
        <div className={styles.typeTags} aria-label="Certificate types">
          {certificateTypes.map((type) => (
            <Tag
              key={type}
              variant="outlined"
              style={{ padding: '4px 12px', fontSize: 13, marginInlineEnd: 0 }}
            >
              {type}
            </Tag>
          ))}
        </div>
      </div>
    </section>
  );
}
