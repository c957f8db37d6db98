import { Col, Row } from 'antd';
import { certificateTypes, freeTrialCertificates, maxBatchSize } from '../content';
import styles from '../Home.module.css';

// Facts of the product, not usage figures: the page must not invent customer numbers.
const stats = [
  { value: maxBatchSize.toLocaleString('en-US'), label: 'certificates in a single batch' },
  { value: '1', label: 'blockchain transaction per batch' },
  { value: String(certificateTypes.length), label: 'certificate types, from degrees to badges' },
  { value: String(freeTrialCertificates), label: 'free certificates to try it' },
];

export function Stats() {
  return (
    <section className={styles.stats} aria-label="Proofmark in numbers">
      <Row className={styles.inner}>
        {stats.map((stat) => (
          <Col key={stat.label} xs={12} md={6} className={styles.stat}>
            <div className={styles.statValue}>{stat.value}</div>
            <div className={styles.statLabel}>{stat.label}</div>
          </Col>
        ))}
      </Row>
    </section>
  );
}
