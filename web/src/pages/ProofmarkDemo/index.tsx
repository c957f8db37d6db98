import { useEffect, useState } from 'react';
import { Alert, Button, Card, Flex, Form, Input, Spin, Steps, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { DemoHandle, DemoProgress } from '@proofmark/shared/contract/demo';
import { demoFinalTexts, demoMessages as m } from '@proofmark/shared/demo/messages';
import { publicAnswer, publicApi } from '../../api/public';
import { errorText } from '../../api/envelope';
import { PageContainer } from '../../components/PageContainer';
import { paths } from '../../routing/routeTable';
import { HtmlPreview } from './components/HtmlPreview';
import { demoStepTitles, emptyDetails, nextRefusal } from './components/demo-steps';
import type { DemoStep, DetailsValues } from './components/demo-steps';

type Notice = { type: 'success' | 'info' | 'warning' | 'error'; text: string };

const cardStyle = { boxShadow: '0 1px 3px rgba(16,24,40,.08), 0 8px 24px rgba(16,24,40,.06)' };
const detailLabels: Record<keyof DetailsValues, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  emailAddress: 'Email',
};

/** Step 6's picture: a certificate landing in a wallet. */
function WalletIllustration() {
  return (
    <svg width="180" height="140" viewBox="0 0 180 140" role="img" aria-label="A certificate in a wallet app">
      <rect x="55" y="6" width="70" height="128" rx="12" fill="#1f3a8a" />
      <rect x="61" y="18" width="58" height="100" rx="4" fill="#fff" />
      <rect x="68" y="30" width="44" height="32" rx="2" fill="#fff7e0" stroke="#b8962e" />
      <circle cx="90" cy="46" r="7" fill="#b8962e" />
      <rect x="68" y="70" width="44" height="4" rx="2" fill="#cbd5e1" />
      <rect x="68" y="80" width="30" height="4" rx="2" fill="#cbd5e1" />
      <circle cx="140" cy="36" r="16" fill="#16a34a" />
      <path d="M132 36 l6 6 l11 -12" stroke="#fff" strokeWidth="4" fill="none" />
    </svg>
  );
}

/**
 * The live demo (certificate-operations §2.7): six steps in which a visitor is issued a real
 * certificate by the demo issuer. Previous / Next move one step; a busy indicator covers each
 * request; every answer shows as a dismissible alert and scrolls the page to the top.
 */
export default function ProofmarkDemoPage() {
  const navigate = useNavigate();
  const [step, setStep] = useState<DemoStep>(1);
  const [details, setDetails] = useState<DetailsValues>({ firstName: '', lastName: '', emailAddress: '' });
  const [marked, setMarked] = useState<(keyof DetailsValues)[]>([]);
  const [handle, setHandle] = useState<DemoHandle & { startedFor: string }>();
  const [progress, setProgress] = useState<DemoProgress>();
  const [notice, setNotice] = useState<Notice>();
  const [busy, setBusy] = useState(false);

  // §2.7: after a response the page scrolls to the top, where the alert is.
  const answer = (next: Notice | undefined) => {
    setNotice(next);
    window.scrollTo({ top: 0 });
  };

  /** One wizard call: busy while it runs, its message (or failure) as the alert. */
  const call = async (
    run: () => Promise<{ message: string; data: Partial<DemoProgress> & { onetimecode?: string } }>,
  ): Promise<(Partial<DemoProgress> & { onetimecode?: string }) | undefined> => {
    setBusy(true);
    try {
      const { message, data } = await run();
      // Issue answers only that the certificate is being anchored; the rest comes from progress.
      setProgress((prev) => ({ ...prev, ...data }) as DemoProgress);
      answer(message ? { type: 'success', text: message } : undefined);
      return data;
    } catch (error) {
      answer({ type: 'warning', text: errorText(error) });
      return undefined;
    } finally {
      setBusy(false);
    }
  };

  const post = (
    key: 'POST /api/demo/invitation' | 'POST /api/demo/issue' | 'POST /api/demo/certificate-mail',
  ) =>
    call(() =>
      // The handle alone: `startedFor` is the page's own note, and the contract refuses unknown keys.
      publicAnswer(key, { body: { onetimecode: handle!.onetimecode, emailaddress: handle!.emailaddress } }),
    );

  // While the wallet has not introduced itself (step 3) or the chain has not confirmed (step 4), ask again.
  const waiting =
    handle !== undefined &&
    ((step === 3 && !progress?.publickey) ||
      (step === 4 && progress?.issuing === true && !progress.signedcerturl));
  const polled = useQuery({
    queryKey: ['demo-progress', handle?.onetimecode],
    queryFn: () =>
      publicApi('POST /api/demo/progress', {
        body: { onetimecode: handle!.onetimecode, emailaddress: handle!.emailaddress },
      }),
    enabled: waiting,
    refetchInterval: 3000,
  });
  useEffect(() => {
    if (polled.data) setProgress(polled.data);
  }, [polled.data]);

  const start = async () => {
    const empty = emptyDetails(details);
    setMarked(empty);
    if (empty.length) return answer({ type: 'warning', text: m.fillAllFields });
    const startedFor = JSON.stringify(details);
    // Back on step 1 with the same details: the demo already begun goes on.
    if (handle?.startedFor === startedFor) return setStep(2);
    const data = await call(() =>
      publicAnswer('POST /api/demo/recipients', {
        body: {
          firstname: details.firstName,
          lastname: details.lastName,
          emailaddress: details.emailAddress,
        },
      }),
    );
    if (data?.onetimecode) {
      setHandle({
        onetimecode: data.onetimecode,
        emailaddress: details.emailAddress.trim().toLowerCase(),
        startedFor,
      });
      setStep(2);
    }
  };

  const next = () => {
    if (step === 1) return void start();
    const refusal = nextRefusal(step, progress);
    if (refusal) return answer({ type: 'warning', text: refusal });
    setNotice(undefined);
    setStep((s) => (s < 6 ? ((s + 1) as DemoStep) : s));
    window.scrollTo({ top: 0 });
  };
  const previous = () => {
    setNotice(undefined);
    setStep((s) => (s > 1 ? ((s - 1) as DemoStep) : s));
  };

  const body = () => {
    switch (step) {
      case 1:
        return (
          <Form layout="vertical" requiredMark onFinish={next} aria-label="Your details">
            {(Object.keys(detailLabels) as (keyof DetailsValues)[]).map((field) => (
              <Form.Item key={field} label={detailLabels[field]} htmlFor={`demo-${field}`} required>
                <Input
                  id={`demo-${field}`}
                  type={field === 'emailAddress' ? 'email' : 'text'}
                  value={details[field]}
                  status={marked.includes(field) ? 'error' : undefined}
                  aria-invalid={marked.includes(field)}
                  maxLength={field === 'emailAddress' ? 254 : 100}
                  onChange={(e) => {
                    setDetails((d) => ({ ...d, [field]: e.target.value }));
                    setMarked((list) => list.filter((f) => f !== field));
                  }}
                />
              </Form.Item>
            ))}
          </Form>
        );
      case 2:
        return (
          <Flex vertical gap={12}>
            <Typography.Paragraph style={{ margin: 0 }}>
              This is the email we send you. It introduces the demo issuer to your Blockcerts Wallet with a
              one-time code. Press Send to receive it.
            </Typography.Paragraph>
            <Typography.Text strong>Subject: {progress?.invitation.subject}</Typography.Text>
            <HtmlPreview title="Introduction email preview" html={progress?.invitation.html ?? ''} />
          </Flex>
        );
      case 3:
        return progress?.publickey ? (
          <Alert
            type="success"
            showIcon
            title={m.publicKeyReceived}
            description={
              <Typography.Text code copyable data-testid="demo-public-key">
                {progress.publickey}
              </Typography.Text>
            }
          />
        ) : (
          <Alert type="info" showIcon title="Waiting for your wallet" description={m.followYourEmail} />
        );
      case 4:
        return (
          <Flex vertical gap={12}>
            <Typography.Paragraph style={{ margin: 0 }}>
              {progress?.signedcerturl
                ? 'Your certificate is issued: signed, anchored on the blockchain and published.'
                : 'This is your certificate, not yet signed. Press Issue to anchor it on the blockchain.'}
            </Typography.Paragraph>
            {progress?.issuing && !progress.signedcerturl && <Alert type="info" showIcon title={m.issuing} />}
            {progress?.signedcerturl && (
              <Flex gap={16} wrap>
                <Typography.Link
                  href={progress.signedcerturl}
                  target="_blank"
                  data-testid="signed-certificate"
                >
                  Signed certificate (JSON)
                </Typography.Link>
                {progress.verifyurl && (
                  <Typography.Link href={progress.verifyurl} target="_blank" data-testid="demo-verify">
                    Verify it
                  </Typography.Link>
                )}
              </Flex>
            )}
            <HtmlPreview title="Certificate preview" html={progress?.certificateHtml ?? ''} height={560} />
          </Flex>
        );
      case 5:
        return (
          <Flex vertical gap={12}>
            <Typography.Paragraph style={{ margin: 0 }}>
              This email delivers your certificate: open the link on your phone, or scan the QR code on a
              computer.
            </Typography.Paragraph>
            <Typography.Text strong>Subject: {progress?.certificateMail?.subject}</Typography.Text>
            <HtmlPreview
              title="Certificate email preview"
              html={progress?.certificateMail?.html ?? ''}
              height={640}
            />
          </Flex>
        );
      case 6:
        return (
          <Flex vertical align="center" gap={8} style={{ textAlign: 'center', padding: '16px 0' }}>
            <Typography.Title level={2} style={{ margin: 0 }}>
              {demoFinalTexts[0]}
            </Typography.Title>
            {demoFinalTexts.slice(1).map((text) => (
              <Typography.Paragraph key={text} style={{ fontSize: 16, margin: 0 }}>
                {text}
              </Typography.Paragraph>
            ))}
            <WalletIllustration />
            <Flex gap={12} wrap justify="center" style={{ marginTop: 12 }}>
              <Button type="primary" size="large" onClick={() => navigate(paths.registerDemo)}>
                Request a Live Demo
              </Button>
              <Button size="large" onClick={() => navigate(paths.login)}>
                Start Free Trail (20 certificates Free)
              </Button>
            </Flex>
          </Flex>
        );
    }
  };

  const action =
    step === 2
      ? { label: 'Send', run: () => void post('POST /api/demo/invitation') }
      : step === 4
        ? {
            label: 'Issue',
            run: () => void post('POST /api/demo/issue'),
            disabled: !!progress?.signedcerturl || progress?.issuing,
          }
        : step === 5
          ? { label: 'Send', run: () => void post('POST /api/demo/certificate-mail') }
          : undefined;

  return (
    <PageContainer width={960}>
      <Flex vertical gap={20}>
        <div>
          <Typography.Title level={1} style={{ margin: 0, fontSize: 30 }}>
            Proofmark live demo
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
            Issuing authority: Proofmark Demo University · Certificate: Certificate of Completion
          </Typography.Paragraph>
        </div>
        <Steps
          current={step - 1}
          size="small"
          items={demoStepTitles.map((title) => ({ title }))}
          responsive
          aria-label="Demo steps"
        />
        {notice && (
          <Alert
            type={notice.type}
            showIcon
            closable={{ onClose: () => setNotice(undefined) }}
            title={notice.text}
            data-testid="demo-alert"
          />
        )}
        <Card variant="borderless" style={cardStyle}>
          <Spin spinning={busy} tip="Please wait…">
            <Flex vertical gap={20}>
              <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
                Step {step}: {demoStepTitles[step - 1]}
              </Typography.Title>
              {body()}
              {step < 6 && (
                <Flex gap={12} justify="space-between" wrap>
                  <Button onClick={previous} disabled={step === 1 || busy}>
                    Previous
                  </Button>
                  <Flex gap={12}>
                    {action && (
                      <Button onClick={action.run} disabled={busy || action.disabled}>
                        {action.label}
                      </Button>
                    )}
                    <Button type="primary" onClick={next} disabled={busy}>
                      Next
                    </Button>
                  </Flex>
                </Flex>
              )}
            </Flex>
          </Spin>
        </Card>
      </Flex>
    </PageContainer>
  );
}
