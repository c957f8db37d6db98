import { Button, Col, Flex, Row } from 'antd';
import { useNavigate } from 'react-router-dom';
import { CheckOutlined, PlayCircleOutlined } from '../../../components/icons';
import { paths } from '../../../routing/routeTable';
import { maxBatchSize } from '../content';
import styles from '../Home.module.css';
import { CertificatePreview } from './CertificatePreview';
import { useTrialCta } from './useTrialCta';

const points = [
  `Batches up to ${maxBatchSize.toLocaleString('en-US')} certificates`,
  'Revoke or hold at any time',
  'Your own verifier page',
];

export function Hero() {
  const navigate = useNavigate();
  const trial = useTrialCta();

  return (
    <section className={styles.hero}>
      <Row className={styles.inner} gutter={[56, 48]} align="middle">
        <Col xs={24} lg={13}>
          <div className={styles.heroBadge}>Blockcerts · Open Badges · W3C Verifiable Credentials</div>
          <h1 className={styles.heroTitle}>
            Certificates anyone can <span className={styles.heroTitleAccent}>verify in seconds</span>
          </h1>
          <p className={styles.heroLead}>
            Proofmark lets schools, universities and employers issue tamper-proof digital certificates and
            Open Badges, anchored on the blockchain and revocable at any time. Recipients keep them for life;
            employers check them without calling you.
          </p>
          <Flex gap={12} wrap>
            <Button type="primary" size="large" onClick={() => navigate(trial.to)}>
              {trial.label}
            </Button>
            <Button
              size="large"
              className={styles.ghostButton}
              icon={<PlayCircleOutlined />}
              onClick={() => navigate(paths.homeProofmarkDemo)}
            >
              Try the live demo
            </Button>
          </Flex>
          <ul className={styles.heroPoints}>
            {points.map((point) => (
              <li key={point}>
                <CheckOutlined /> {point}
              </li>
            ))}
          </ul>
        </Col>
        <Col xs={24} lg={11}>
          <CertificatePreview />
        </Col>
      </Row>
    </section>
  );
}
