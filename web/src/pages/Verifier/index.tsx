import { useCallback, useEffect, useRef, useState } from 'react';
import {
  Alert,
  Avatar,
  Button,
  Card,
  Descriptions,
  Flex,
  Input,
  Layout,
  Result,
  Space,
  Spin,
  Steps,
  Tabs,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { VerificationResult } from '@proofmark/shared/blockcerts/index';
import type { VerificationMethod } from '@proofmark/shared/contract/public';
import { brandColors, productName } from '../../brand';
import { BrandLogo } from '../../components/BrandLogo';
import { CloudUploadOutlined, SafetyCertificateOutlined } from '../../components/icons';
import {
  anchorFacts,
  headlineReason,
  certificateFacts,
  isCredentialUuid,
  isVerifierSlug,
  issuerFacts,
  loadById,
  loadByUrl,
  loadFile,
  LoadError,
  organisationProfile,
  recordVerification,
  verdicts,
  verify,
  type IssuerFacts,
} from './verifier';
import { REQUEST_PARAM, VerificationRequestCard } from './VerificationRequestCard';

type Check =
  | { state: 'idle' }
  | { state: 'working'; what: string }
  | { state: 'load-error'; message: string }
  | {
      state: 'done';
      result: VerificationResult;
      credential: unknown;
      issuer?: IssuerFacts;
    };

const stepStatus = { passed: 'finish', failed: 'error', skipped: 'wait' } as const;

const formatDate = (iso: string | undefined) => {
  if (!iso) return undefined;
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' });
};

/**
 * The public verifier (no login): /verify/<slug> is an organisation's page, /verify the generic one.
 * A certificate comes by file, by link, or by ?id=<uuid> in the page's own link (QR codes, emails);
 * the shared verification runs here in the browser and every step is shown.
 */
export default function VerifierPage() {
  const { slug: rawSlug } = useParams();
  const slug = isVerifierSlug(rawSlug) ? rawSlug : undefined;
  const [search] = useSearchParams();
  const id = search.get('id');
  const [organisation, setOrganisation] = useState<IssuerFacts>();
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const [url, setUrl] = useState('');
  // A newer check supersedes an older one still running; only the newest may show its result.
  const run = useRef(0);

  useEffect(() => {
    document.title = organisation?.name
      ? `Verify a certificate of ${organisation.name} · ${productName}`
      : `Verify a certificate · ${productName}`;
  }, [organisation]);

  useEffect(() => {
    setOrganisation(undefined);
    if (slug) void organisationProfile(slug).then(setOrganisation);
  }, [slug]);

  const start = useCallback(
    async (what: string, method: VerificationMethod, load: () => Promise<unknown>) => {
      const mine = ++run.current;
      setCheck({ state: 'working', what });
      let credential: unknown;
      try {
        credential = await load();
      } catch (e) {
        if (mine !== run.current) return;
        const message =
          e instanceof LoadError ? e.message : 'The certificate could not be read. Please try again.';
        setCheck({ state: 'load-error', message });
        return;
      }
      if (mine !== run.current) return;
      setCheck({ state: 'working', what: 'Verifying the certificate…' });
      const result = await verify(credential);
      const issuer = result.issuer ? await issuerFacts(result.issuer) : undefined;
      if (mine !== run.current) return;
      setCheck({ state: 'done', result, credential, ...(issuer ? { issuer } : {}) });
      recordVerification(result, credential, method, slug);
    },
    [slug],
  );

  useEffect(() => {
    if (!id) return;
    if (!slug || !isCredentialUuid(id)) {
      setCheck({ state: 'load-error', message: 'This verification link is not valid.' });
      return;
    }
    void start('Fetching the certificate…', 'id', () => loadById(slug, id));
  }, [id, slug, start]);

  const checkUrl = () => {
    if (url.trim()) void start('Fetching the certificate…', 'url', () => loadByUrl(url));
  };

  return (
    <Layout style={{ minHeight: '100vh', background: brandColors.surface }}>
      <Layout.Header
        style={{
          background: '#fff',
          borderBottom: '1px solid #e6eaf2',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          paddingInline: 24,
        }}
      >
        <Link to="/" aria-label={`${productName} home`}>
          <BrandLogo />
        </Link>
        <Typography.Text type="secondary">Certificate verifier</Typography.Text>
      </Layout.Header>
      <Layout.Content>
        <div style={{ maxWidth: 960, margin: '0 auto', padding: '32px 24px 48px' }}>
          <Flex align="center" gap={16} style={{ marginBottom: 24 }}>
            {organisation?.image ? (
              <Avatar src={organisation.image} size={56} shape="square" alt="" />
            ) : (
              <Avatar
                size={56}
                shape="square"
                style={{ background: brandColors.primaryBg, color: brandColors.primary }}
                icon={<SafetyCertificateOutlined />}
              />
            )}
            <div>
              <Typography.Title level={2} style={{ margin: 0 }}>
                Verify a certificate
              </Typography.Title>
              <Typography.Text type="secondary">
                {organisation?.name
                  ? `Certificates issued by ${organisation.name}`
                  : 'Check that a blockchain certificate is authentic and still valid.'}
              </Typography.Text>
            </div>
          </Flex>

          <Card style={{ marginBottom: 24 }}>
            <Tabs
              items={[
                {
                  key: 'file',
                  label: 'Upload a file',
                  children: (
                    <Upload.Dragger
                      accept=".json,.jsonld,application/json,application/ld+json,.png,image/png,.svg,image/svg+xml"
                      multiple={false}
                      showUploadList={false}
                      beforeUpload={(file) => {
                        void start(`Reading ${file.name}…`, 'upload', () => loadFile(file));
                        // Read here in the browser: nothing is uploaded anywhere.
                        return Upload.LIST_IGNORE;
                      }}
                    >
                      <p className="ant-upload-drag-icon">
                        <CloudUploadOutlined />
                      </p>
                      <p className="ant-upload-text">Drop a certificate here, or click to choose one</p>
                      <p className="ant-upload-hint">
                        A certificate file (JSON) or an Open Badge image (PNG or SVG). The file stays on your
                        computer.
                      </p>
                    </Upload.Dragger>
                  ),
                },
                {
                  key: 'url',
                  label: 'From a link',
                  children: (
                    <Space.Compact style={{ width: '100%' }}>
                      <Input
                        aria-label="Certificate link"
                        placeholder="https://… (the certificate's address or its verification link)"
                        value={url}
                        onChange={(e) => setUrl(e.target.value)}
                        onPressEnter={checkUrl}
                      />
                      <Button type="primary" onClick={checkUrl} disabled={!url.trim()}>
                        Verify
                      </Button>
                    </Space.Compact>
                  ),
                },
              ]}
            />
          </Card>

          <Outcome check={check} />

          {slug ? (
            <div style={{ marginTop: 24 }}>
              <VerificationRequestCard slug={slug} returnedRequest={search.get(REQUEST_PARAM) ?? undefined} />
            </div>
          ) : null}
        </div>
      </Layout.Content>
    </Layout>
  );
}

function Outcome({ check }: { check: Check }) {
  if (check.state === 'idle') return null;
  if (check.state === 'working')
    return (
      <Card>
        <Flex align="center" justify="center" gap={12} style={{ padding: 24 }}>
          <Spin />
          <Typography.Text>{check.what}</Typography.Text>
        </Flex>
      </Card>
    );
  if (check.state === 'load-error')
    return (
      <Alert
        type="error"
        showIcon
        message="The certificate could not be checked"
        description={check.message}
      />
    );

  const { result, credential, issuer } = check;
  const verdict = verdicts[result.status];
  const facts = certificateFacts(credential);
  const anchor = anchorFacts(result.anchor);

  return (
    <Space direction="vertical" size={24} style={{ width: '100%' }}>
      <Card data-testid="verdict" data-verdict={result.status}>
        <Result
          status={verdict.tone}
          title={verdict.title}
          subTitle={
            <>
              {verdict.description}
              {headlineReason(result) ? (
                <>
                  <br />
                  <Typography.Text type="secondary">Reason: {headlineReason(result)}</Typography.Text>
                </>
              ) : null}
            </>
          }
          style={{ padding: '16px 0' }}
        />
      </Card>

      <Card title="Certificate">
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label="Recipient">{facts.recipient ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Certificate">{facts.title ?? '—'}</Descriptions.Item>
          {facts.description ? (
            <Descriptions.Item label="Description">{facts.description}</Descriptions.Item>
          ) : null}
          <Descriptions.Item label="Issued">
            {formatDate(result.anchoredAt?.toISOString()) ?? formatDate(facts.issued) ?? '—'}
          </Descriptions.Item>
          {facts.expires ? (
            <Descriptions.Item label="Valid until">{formatDate(facts.expires)}</Descriptions.Item>
          ) : null}
          {result.credentialId ? (
            <Descriptions.Item label="Certificate id">
              <Typography.Text copyable>{result.credentialId}</Typography.Text>
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      </Card>

      <Card title="Issuer">
        {issuer ? (
          <Flex gap={16} align="center">
            {issuer.image ? <Avatar src={issuer.image} size={64} shape="square" alt="" /> : null}
            <Space direction="vertical" size={2}>
              <Typography.Text strong data-testid="issuer-name">
                {issuer.name ?? 'Unknown issuer'}
              </Typography.Text>
              {issuer.homepage ? (
                <Typography.Link href={issuer.homepage} target="_blank" rel="noopener noreferrer">
                  {issuer.homepage}
                </Typography.Link>
              ) : null}
              {issuer.email ? <Typography.Text type="secondary">{issuer.email}</Typography.Text> : null}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                Issuer profile: {issuer.url}
              </Typography.Text>
            </Space>
          </Flex>
        ) : (
          <Typography.Text type="secondary">The certificate does not name a readable issuer.</Typography.Text>
        )}
      </Card>

      <Card title="Blockchain record">
        {anchor ? (
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label="Blockchain">{anchor.chain}</Descriptions.Item>
            <Descriptions.Item label="Network">
              <Tag>{anchor.network}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="Transaction">
              <Typography.Text code copyable style={{ wordBreak: 'break-all' }} data-testid="anchor-tx">
                {anchor.txId}
              </Typography.Text>
            </Descriptions.Item>
            {result.anchoredAt ? (
              <Descriptions.Item label="Recorded">
                {formatDate(result.anchoredAt.toISOString())}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
        ) : (
          <Typography.Text type="secondary">The certificate names no blockchain transaction.</Typography.Text>
        )}
      </Card>

      <Card title="Verification steps">
        <Steps
          direction="vertical"
          size="small"
          // Every step carries its own status; none is "in progress".
          current={result.steps.length}
          items={result.steps.map((s) => ({
            title: s.label,
            status: stepStatus[s.status],
            description: (
              <span data-step={s.id} data-step-status={s.status}>
                {s.status === 'passed' ? 'Passed' : s.status === 'failed' ? 'Failed' : 'Not checked'}
                {s.reason ? ` — ${s.reason}` : ''}
              </span>
            ),
          }))}
        />
      </Card>
    </Space>
  );
}
