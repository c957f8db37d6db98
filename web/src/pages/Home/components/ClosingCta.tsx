import { Button, Flex } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { PlayCircleOutlined } from '../../../components/icons';
import { paths } from '../../../routing/routeTable';
import styles from '../Home.module.css';
import { useTrialCta } from './useTrialCta';

export function ClosingCta() {
  const navigate = useNavigate();
  const trial = useTrialCta();
  return (
    <section className={styles.cta}>
      <h2 className={styles.ctaTitle}>See it work before you commit</h2>
      <p className={styles.ctaLead}>
        Issue a real certificate to yourself in the live demo, or start your free trial and send your first
        cohort today.
      </p>
      <Flex gap={12} wrap justify="center">
        <Button size="large" icon={<PlayCircleOutlined />} onClick={() => navigate(paths.homeProofmarkDemo)}>
          Launch the live demo
        </Button>
        <Button type="primary" size="large" onClick={() => navigate(trial.to)}>
          {trial.label}
        </Button>
      </Flex>
      <p style={{ marginTop: 24, marginBottom: 0 }}>
        <Link className={styles.ctaLink} to={paths.registerDemo}>
          Prefer a guided tour? Request a demo →
        </Link>
      </p>
    </section>
  );
}
