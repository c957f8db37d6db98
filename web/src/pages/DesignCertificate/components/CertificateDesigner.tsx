import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Col, Empty, Flex, Image, Row, Spin, Steps, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { CertificateType } from '@proofmark/shared/certificate-types';
import type { GalleryEntry, PreviewDesignData } from '@proofmark/shared/contract/designs';
import type { Design } from '@proofmark/shared/designs/model';
import { ApiError } from '../../../api/client';
import { designKeys, designsApi, useCurrentDesign, useGallery } from '../../../api/designs';
import { useOrgScope } from '../../../auth/useOrgScope';
import { PageLoader } from '../../../components/PageLoader';

const DesignEditor = lazy(() => import('./DesignEditor'));

export const designerMessages = {
  selectCohort: 'Please select cohort.',
  checkBatch: 'Please check correct batch',
} as const;

interface DesignerProps {
  certtype: CertificateType;
  /** the chosen cohort; '' when none */
  cohort: string;
  /** why the cohort cannot be designed for (none chosen, or an incomplete chain in search mode 1) */
  cohortProblem: string | undefined;
  canSave: boolean;
}

type Step = 0 | 1 | 2;

/** The certificate designer's three steps (§2.3): select a design, personalise it, save and preview. */
export function CertificateDesigner({ certtype, cohort, cohortProblem, canSave }: DesignerProps) {
  const org = useOrgScope();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const gallery = useGallery(certtype);
  const current = useCurrentDesign(cohort, certtype, !cohortProblem);
  const [chosen, setChosen] = useState<{ number: number; design: Design } | null>(null);
  const [draft, setDraft] = useState<Design | null>(null);
  const [preview, setPreview] = useState<PreviewDesignData | null>(null);
  const [busy, setBusy] = useState(false);
  const openBadge = certtype === 'openbadges';

  // Another cohort or type starts over at step 1.
  useEffect(() => {
    setStep(0);
    setChosen(null);
    setDraft(null);
    setPreview(null);
    setSaved(null);
    setProblem(null);
  }, [cohort, certtype]);

  const pick = (number: number, design: Design) => {
    setChosen({ number, design });
    setProblem(null);
  };
  const next = () => {
    if (cohortProblem) return setProblem(cohortProblem);
    const start = chosen ?? (current.data ? { number: current.data.current.galleryNumber, design: current.data.current.design } : null);
    if (!start) return;
    setChosen(start);
    setDraft(start.design);
    setProblem(null);
    setStep(1);
  };
  const onDraft = useCallback((d: Design) => setDraft(d), []);

  const showPreview = async () => {
    if (!draft) return;
    setBusy(true);
    setProblem(null);
    setPreview(null);
    setStep(2);
    try {
      setPreview((await designsApi.preview({ cohort, certtype, design: draft })).data);
    } catch (err) {
      setProblem(err instanceof ApiError ? err.message : 'The preview failed.');
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    if (!draft || !chosen) return;
    setBusy(true);
    setProblem(null);
    try {
      const res = await designsApi.save({ cohort, certtype, galleryNumber: chosen.number, design: draft });
      setSaved(res.message || `The design is saved as version ${res.data.version}.`);
      await queryClient.invalidateQueries({ queryKey: designKeys.current(org, cohort, certtype) });
    } catch (err) {
      setProblem(err instanceof ApiError ? err.message : 'The design could not be saved.');
    } finally {
      setBusy(false);
    }
  };

  const currentVersion = current.data?.current.version;

  return (
    <Card>
      <Steps
        current={step}
        size="small"
        style={{ marginBottom: 24 }}
        items={[{ title: 'Select design' }, { title: 'Personalise' }, { title: 'Save and preview' }]}
      />
      {problem && <Alert type="warning" showIcon closable message={problem} style={{ marginBottom: 16 }} onClose={() => setProblem(null)} />}
      {saved && step === 2 && <Alert type="success" showIcon closable message={saved} style={{ marginBottom: 16 }} onClose={() => setSaved(null)} />}
      {!canSave && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="You can look at the designs; saving one needs the Design certificate permission."
        />
      )}

      {step === 0 && (
        <>
          {current.data && current.data.current.version > 0 && (
            <Alert
              type="info"
              style={{ marginBottom: 16 }}
              message={`This cohort's current design is version ${currentVersion} (from design ${current.data.current.galleryNumber}). Next opens it; choose a design below to start again from it.`}
            />
          )}
          {gallery.isLoading ? (
            <PageLoader />
          ) : (gallery.data ?? []).length === 0 ? (
            <Empty description="No designs for this certificate type." />
          ) : (
            <Row gutter={[16, 16]} role="listbox" aria-label="Designs">
              {(gallery.data ?? []).map((g: GalleryEntry) => (
                <Col key={g.number} xs={12} sm={8} lg={6}>
                  <Card
                    hoverable
                    size="small"
                    role="option"
                    aria-selected={chosen?.number === g.number}
                    tabIndex={0}
                    onClick={() => pick(g.number, g.design)}
                    onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && pick(g.number, g.design)}
                    style={{ borderColor: chosen?.number === g.number ? '#1677ff' : undefined, borderWidth: 2 }}
                    cover={
                      g.thumbnail ? (
                        <img src={g.thumbnail} alt={`Design ${g.number}, ${g.name}`} style={{ background: '#f5f5f5', objectFit: 'contain', height: 150 }} />
                      ) : (
                        <div style={{ height: 150, display: 'grid', placeItems: 'center' }}>
                          <Spin />
                        </div>
                      )
                    }
                  >
                    <Flex justify="space-between" gap={4} wrap>
                      <Typography.Text strong>
                        {g.number} · {g.name}
                      </Typography.Text>
                      <Tag>
                        {g.design.page.size} {g.design.page.size === 'Badge' ? '' : g.design.page.orientation}
                      </Tag>
                    </Flex>
                  </Card>
                </Col>
              ))}
            </Row>
          )}
          <Flex justify="end" style={{ marginTop: 24 }}>
            <Button type="primary" onClick={next} disabled={!chosen && !current.data && !cohortProblem}>
              Next
            </Button>
          </Flex>
        </>
      )}

      {step === 1 && draft && current.data && (
        <>
          <Suspense fallback={<PageLoader />}>
            <DesignEditor
              design={draft}
              onChange={onDraft}
              readOnly={!canSave}
              openBadge={openBadge}
              columns={current.data.columns}
              signatories={current.data.signatories}
              images={current.data.images}
              logo={current.data.logo}
              organisation={current.data.organisation}
              uploadImage={async (value) => (await designsApi.uploadImage(value)).data}
            />
          </Suspense>
          <Flex justify="space-between" style={{ marginTop: 24 }}>
            <Button onClick={() => setStep(0)}>Prev</Button>
            <Button type="primary" onClick={showPreview}>
              Next
            </Button>
          </Flex>
        </>
      )}

      {step === 2 && (
        <>
          <div
            style={{ maxHeight: 640, overflow: 'auto', background: '#f5f5f5', padding: 16, textAlign: 'center' }}
            aria-label="Preview"
            tabIndex={0}
          >
            {busy && !preview ? (
              <Spin />
            ) : preview ? (
              <>
                <Typography.Paragraph type="secondary">Sample recipient: {preview.recipient}</Typography.Paragraph>
                <Image src={preview.image} alt={`Preview of the certificate of ${preview.recipient}`} preview={false} style={{ maxWidth: '100%', boxShadow: '0 1px 6px rgba(0,0,0,0.2)' }} />
              </>
            ) : null}
          </div>
          <Flex justify="space-between" style={{ marginTop: 24 }}>
            <Button onClick={() => setStep(1)}>Prev</Button>
            {canSave && (
              <Button type="primary" loading={busy} onClick={save}>
                Save
              </Button>
            )}
          </Flex>
        </>
      )}
    </Card>
  );
}
