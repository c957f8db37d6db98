import { useState } from 'react';
import { Button, Card, Col, Result, Row, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { demoMessages } from '@proofmark/shared/demo/messages';
import { CheckOutlined } from '../../components/icons';
import { PageContainer } from '../../components/PageContainer';
import { paths } from '../../routing/routeTable';
import { DemoRequestForm } from './components/DemoRequestForm';

const benefits = [
  'A walkthrough of issuing, sending and revoking certificates with your own use case',
  'Answers on importing recipients from your student system and on your own storage and mail',
  'A plan that fits your volume, from one cohort to batches of 2,000 certificates',
];

const cardStyle = { boxShadow: '0 1px 3px rgba(16,24,40,.08), 0 8px 24px rgba(16,24,40,.06)' };

/** /RegisterDemo: 'Schedule a demo' (account-and-billing §2), then a thank-you. */
export default function RegisterDemoPage() {
  const [sent, setSent] = useState(false);
  const navigate = useNavigate();

  if (sent) {
    return (
      <PageContainer width={760}>
        <Card variant="borderless" style={cardStyle}>
          <Result
            status="success"
            title="Thank you!"
            subTitle={demoMessages.requestReceived}
            extra={[
              <Button key="demo" type="primary" onClick={() => navigate(paths.proofmarkDemo)}>
                Try the live demo meanwhile
              </Button>,
              <Button key="home" onClick={() => navigate(paths.home)}>
                Back to the home page
              </Button>,
            ]}
          />
        </Card>
      </PageContainer>
    );
  }

  return (
    <PageContainer>
      <Row gutter={[40, 32]}>
        <Col xs={24} lg={10}>
          <Typography.Title level={1} style={{ fontSize: 34, margin: '0 0 12px' }}>
            Schedule a demo
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ fontSize: 16 }}>
            Tell us about your organization and we will show you Proofmark with your own certificates.
          </Typography.Paragraph>
          <ul style={{ listStyle: 'none', padding: 0, margin: '24px 0' }}>
            {benefits.map((b) => (
              <li key={b} style={{ display: 'flex', gap: 10, marginBottom: 14 }}>
                <CheckOutlined style={{ color: 'var(--brand-primary)', marginTop: 4 }} aria-hidden />
                <span>{b}</span>
              </li>
            ))}
          </ul>
          <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
            We use what you send only to arrange your demo and to answer your questions; we never share it.
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
            Questions before then? Write to{' '}
            <a href="mailto:support@proofmark.example">support@proofmark.example</a>.
          </Typography.Paragraph>
        </Col>
        <Col xs={24} lg={14}>
          <Card variant="borderless" style={cardStyle}>
            <DemoRequestForm onSent={() => setSent(true)} />
          </Card>
        </Col>
      </Row>
    </PageContainer>
  );
}
