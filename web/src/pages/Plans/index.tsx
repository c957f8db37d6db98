import { Alert, Button, Card, Col, Flex, List, Row, Skeleton, Statistic, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { formatPrice } from '@proofmark/shared/contract/billing';
import { billingApi } from '../../api/billing';
import { usePlans } from '../../api/plans';
import { PageContainer } from '../../components/PageContainer';
import { PageHeading } from '../../components/PageHeading';
import { ThunderboltOutlined } from '../../components/icons';
import { routeTable } from '../../routing/routeTable';
import { useSession } from '../../session';

/**
 * /Plans and /prices (§2): the plans of the catalogue (GET /api/plans) as cards beside the
 * organisation's balance; choosing one goes to /payment with the plan.
 */
export default function PlansPage() {
  const session = useSession();
  const navigate = useNavigate();
  const plans = usePlans();
  const balance = useQuery({ queryKey: ['balance'], queryFn: billingApi.balance, enabled: !!session });

  return (
    <PageContainer>
      <PageHeading
        icon={<ThunderboltOutlined />}
        title={routeTable.plans.title}
        subtitle="Choose the certificate volume that fits your organisation."
      >
        {session && (
          <Card size="small">
            <Statistic title="Current balance" value={balance.data?.balance ?? '…'} suffix="certificates" />
          </Card>
        )}
      </PageHeading>
      {plans.isError && <Alert type="error" showIcon title="The plans could not be loaded." style={{ marginTop: 24 }} />}
      {plans.isPending ? (
        <Skeleton active style={{ marginTop: 24 }} />
      ) : (
        <Row gutter={[24, 24]} style={{ marginTop: 24 }}>
          {(plans.data ?? []).map((plan) => (
            <Col key={plan.planId} xs={24} md={8}>
              <Card
                title={
                  <Flex justify="space-between" align="center">
                    <span>{plan.name}</span>
                    {plan.highlighted && <Tag color="blue">Most chosen</Tag>}
                  </Flex>
                }
                actions={[
                  <Button
                    key="choose"
                    type={plan.highlighted ? 'primary' : 'default'}
                    aria-label={`Choose ${plan.name}`}
                    onClick={() => navigate(routeTable.payment.path, { state: { planId: plan.planId } })}
                  >
                    Choose {plan.name}
                  </Button>,
                ]}
              >
                <Typography.Title level={3} style={{ marginTop: 0 }}>
                  {formatPrice(plan.priceCents, plan.currency)}
                  <Typography.Text type="secondary"> / month</Typography.Text>
                </Typography.Title>
                <Typography.Paragraph>{plan.description}</Typography.Paragraph>
                <List
                  size="small"
                  dataSource={[
                    ...plan.entries.map((e) => `${e.count.toLocaleString('en-US')} ${e.name}`),
                    ...plan.features,
                  ]}
                  renderItem={(line) => <List.Item>{line}</List.Item>}
                />
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </PageContainer>
  );
}
