import { Alert, Button, Col, Row, Skeleton, Tag, Typography } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { formatPrice } from '@proofmark/shared/contract/billing';
import type { Plan } from '@proofmark/shared/contract/billing';
import { usePlans } from '../../../api/plans';
import { errorText } from '../../../api/envelope';
import { brandColors } from '../../../brand';
import { CheckOutlined } from '../../../components/icons';
import { paths } from '../../../routing/routeTable';
import { useSession } from '../../../session';
import { freeTrialCertificates } from '../content';
import styles from '../Home.module.css';
import { Panel } from './Panel';
import { SectionHeader } from './SectionHeader';

function PlanCard({ plan }: { plan: Plan }) {
  const navigate = useNavigate();
  // Choosing a plan needs an account: a visitor registers first (20 free certificates), then picks it.
  const signedIn = useSession() !== null;
  return (
    <Panel
      className={plan.highlighted ? styles.priceCardHighlighted : styles.priceCard}
      // A column body lets the button sit at the bottom of every card, whatever the list length.
      bodyStyle={{ display: 'flex', flexDirection: 'column', height: '100%' }}
    >
      <Typography.Title
        level={3}
        style={{ fontSize: 20, margin: 0, display: 'flex', gap: 8, alignItems: 'center' }}
      >
        {plan.name}
        {plan.highlighted && (
          <Tag color={brandColors.primary} style={{ marginInlineEnd: 0 }}>
            Most popular
          </Tag>
        )}
      </Typography.Title>
      <div className={styles.price}>
        <span className={styles.priceAmount}>{formatPrice(plan.priceCents, plan.currency)}</span>
        <span className={styles.pricePeriod}>{plan.currency.toUpperCase()} / month</span>
      </div>
      <Typography.Paragraph type="secondary" style={{ minHeight: 44, margin: 0 }}>
        {plan.description}
      </Typography.Paragraph>
      <ul className={styles.featureList}>
        {[...plan.entries.map((e) => `${e.count.toLocaleString('en-US')} ${e.name}`), ...plan.features].map(
          (feature) => (
            <li key={feature}>
              <CheckOutlined />
              <span>{feature}</span>
            </li>
          ),
        )}
      </ul>
      <Button
        block
        size="large"
        style={{ marginTop: 'auto' }}
        type={plan.highlighted ? 'primary' : 'default'}
        onClick={() => navigate(signedIn ? paths.plans : paths.register)}
        aria-label={`Choose the ${plan.name} plan`}
      >
        Choose {plan.name}
      </Button>
    </Panel>
  );
}

/** The plans as the catalogue has them now (GET /api/plans): the prices a visitor will be offered. */
export function Pricing() {
  const signedIn = useSession() !== null;
  const plans = usePlans();
  return (
    <section id="pricing" className={`${styles.section} ${styles.sectionAlt}`}>
      <div className={styles.inner}>
        <SectionHeader
          eyebrow="Pricing"
          title="Simple monthly plans"
          lead="Every plan anchors each certificate on the blockchain and includes your own verifier page."
        />
        {plans.isError && (
          <Alert
            type="warning"
            showIcon
            title={`The plans could not be loaded: ${errorText(plans.error)}`}
            action={<Link to={paths.prices}>See all plans</Link>}
          />
        )}
        <Row gutter={[24, 24]} align="stretch">
          {plans.isPending
            ? [0, 1, 2].map((i) => (
                <Col key={i} xs={24} md={8}>
                  <Panel>
                    <Skeleton active paragraph={{ rows: 6 }} />
                  </Panel>
                </Col>
              ))
            : (plans.data ?? []).map((plan) => (
                <Col key={plan.planId} xs={24} md={8}>
                  <PlanCard plan={plan} />
                </Col>
              ))}
        </Row>
        {!signedIn && (
          <Typography.Paragraph
            type="secondary"
            style={{ textAlign: 'center', margin: '32px 0 0', fontSize: 15 }}
          >
            Not ready to choose? <Link to={paths.register}>Start a free trial</Link> with{' '}
            {freeTrialCertificates} certificates on us.
          </Typography.Paragraph>
        )}
      </div>
    </section>
  );
}
