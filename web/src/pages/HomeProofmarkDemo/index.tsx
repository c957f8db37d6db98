import { Button, Card, Col, Flex, Row, Steps, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { PageContainer } from '../../components/PageContainer';
import { CalendarOutlined, PlayCircleOutlined } from '../../components/icons';
import { productName } from '../../brand';
import { paths } from '../../routing/routeTable';

// The six steps of the demo wizard, so visitors know what they are starting.
const demoSteps = [
  { title: 'Add yourself as a recipient', content: 'Your name and email are all it takes.' },
  { title: 'Receive the introduction email', content: 'It invites you to connect a Blockcerts wallet.' },
  { title: 'Share your public key', content: 'Your wallet sends it back to us; no password involved.' },
  { title: 'Issue to the blockchain', content: 'Your certificate is signed and anchored.' },
  { title: 'Receive your certificate', content: 'It arrives by email with a one-click import link.' },
  { title: 'Import it into your wallet', content: 'Own it once and for all; share it the way you want.' },
];

export default function HomeProofmarkDemoPage() {
  const navigate = useNavigate();

  return (
    <PageContainer>
      <Card
        variant="borderless"
        style={{ boxShadow: '0 1px 3px rgba(16,24,40,.08), 0 8px 24px rgba(16,24,40,.06)' }}
      >
        <Row gutter={[48, 32]} align="middle" style={{ padding: '24px 16px' }}>
          <Col xs={24} lg={12}>
            <Typography.Text
              strong
              style={{
                color: 'var(--brand-primary)',
                letterSpacing: '.08em',
                textTransform: 'uppercase',
                fontSize: 13,
              }}
            >
              Live demo
            </Typography.Text>
            <Typography.Title
              level={1}
              style={{ margin: '8px 0 16px', fontSize: 38, letterSpacing: '-0.02em' }}
            >
              See {productName} issue a real certificate, to you
            </Typography.Title>
            <Typography.Paragraph type="secondary" style={{ fontSize: 17, maxWidth: 500 }}>
              Walk through the whole life of a blockchain certificate in six short steps, as your recipients
              would experience it. Or let our team show you around with your own use case.
            </Typography.Paragraph>
            <Flex gap={12} wrap style={{ marginTop: 28 }}>
              <Button
                type="primary"
                size="large"
                icon={<PlayCircleOutlined />}
                onClick={() => navigate(paths.proofmarkDemo)}
              >
                Try {productName} Today
              </Button>
              <Button size="large" icon={<CalendarOutlined />} onClick={() => navigate(paths.registerDemo)}>
                Request a Demo
              </Button>
            </Flex>
          </Col>
          <Col xs={24} lg={12}>
            <Steps orientation="vertical" current={0} items={demoSteps} />
          </Col>
        </Row>
      </Card>
    </PageContainer>
  );
}
