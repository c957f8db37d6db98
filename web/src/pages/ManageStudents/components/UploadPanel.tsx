import { useEffect, useRef, useState } from 'react';
import { Alert, AutoComplete, Button, Flex, List, Progress, Segmented, Typography, Upload } from 'antd';
import type { UploadFile } from 'antd';
import type { CohortOptionView } from '@proofmark/shared/contract/cohorts';
import type { CertificateType } from '@proofmark/shared/certificate-types';
import { recipientMessages as m } from '@proofmark/shared/recipients/messages';
import type { UploadPurpose } from '@proofmark/shared/recipients/rules';
import { CloudUploadOutlined } from '../../../components/icons';
import { recipientsApi } from '../../../api/recipients';
import { acceptOf, jobPercent, uploadProblem } from './upload-checks';
import { failureNotice } from './notices';
import type { Notice } from './notices';
import { runUpload } from './uploadFlow';
import type { UploadStage } from './uploadFlow';

interface UploadPanelProps {
  certtype: CertificateType;
  cohorts: readonly CohortOptionView[];
  /** The cohort chosen in the table's filter: the default target of an upload. */
  selectedCohort: string;
  /** Called after a successful import with the cohort it went into. */
  onImported: (cohort: string) => void;
}

const purposeText: Record<UploadPurpose, { hint: string; failed: string }> = {
  students: {
    hint: 'An .xlsx sheet of students, a .zip with the sheet, PDFs and photos, or a .pdf named after a Student ID.',
    failed: m.excelUploadFailed,
  },
  photo: {
    hint: 'A .png, .jpg or .jpeg photo named after the Student ID (e.g. S1001.png). Several can be chosen.',
    failed: m.photoUploadFailed,
  },
};

/** Saves the sample sheet the server makes (GET /api/recipients/sample-sheet). */
async function downloadSampleSheet(): Promise<void> {
  const sheet = (await recipientsApi.sampleSheet()).data;
  const bytes = Uint8Array.from(atob(sheet.base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: sheet.contentType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = sheet.filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Upload of student sheets and photos (§5): the client-side checks with the spec's messages, then
 * the presigned upload with progress, the import, and a large file's job progress until done.
 */
export function UploadPanel({ certtype, cohorts, selectedCohort, onImported }: UploadPanelProps) {
  const [purpose, setPurpose] = useState<UploadPurpose>('students');
  const [cohort, setCohort] = useState(selectedCohort);
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [stage, setStage] = useState<UploadStage & { file?: string }>();
  const [result, setResult] = useState<Notice>();
  const abort = useRef<AbortController | null>(null);

  // The filter's cohort is the default target; a typed one (a new cohort) is kept until it changes.
  useEffect(() => setCohort(selectedCohort), [selectedCohort]);
  useEffect(() => () => abort.current?.abort(), []);

  const busy = stage !== undefined;

  const start = async () => {
    setResult(undefined);
    const chosen = files.map((f) => f.originFileObj).filter((f): f is NonNullable<typeof f> => f !== undefined);
    const problem =
      chosen.length === 0
        ? uploadProblem(purpose, undefined, cohort)
        : chosen.map((f) => uploadProblem(purpose, { name: f.name, size: f.size }, cohort)).find(Boolean);
    if (problem !== undefined) {
      setResult({ type: 'warning', text: problem });
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    const target = cohort.trim();
    const messages: string[] = [];
    try {
      for (const file of chosen) {
        const outcome = await runUpload(
          { purpose, file, cohortid: target, certtype },
          (s) => setStage({ ...s, file: file.name }),
          controller.signal,
        );
        if (outcome.view.state === 'failed') {
          setResult({
            type: 'warning',
            text: outcome.message || purposeText[purpose].failed,
            problems: outcome.view.problems,
          });
          onImported(target);
          return;
        }
        messages.push(chosen.length > 1 ? `${file.name}: ${outcome.message}` : outcome.message);
      }
      setResult({ type: 'success', text: messages.join(' ') || m.success });
      setFiles([]);
      onImported(target);
    } catch (error) {
      setResult(failureNotice(error, purposeText[purpose].failed));
    } finally {
      setStage(undefined);
      abort.current = null;
    }
  };

  const cohortOptions = cohorts
    .filter((c) => c.value.toLowerCase().includes(cohort.trim().toLowerCase()))
    .map((c) => ({ value: c.value, label: c.value }));
  const isNewCohort = cohort.trim() !== '' && !cohorts.some((c) => c.value === cohort.trim());

  return (
    <Flex vertical gap={16}>
      <Flex gap={16} wrap align="flex-end">
        <Flex vertical gap={6}>
          <Typography.Text strong>What to upload</Typography.Text>
          <Segmented<UploadPurpose>
            value={purpose}
            disabled={busy}
            onChange={(value) => {
              setPurpose(value);
              setFiles([]);
              setResult(undefined);
            }}
            options={[
              { label: 'Student sheet', value: 'students' },
              { label: 'Photos', value: 'photo' },
            ]}
          />
        </Flex>
        <Flex vertical gap={6} style={{ flex: '1 1 260px', minWidth: 220 }}>
          <label htmlFor="ms-upload-cohort">
            <Typography.Text strong>Cohort</Typography.Text>
            {isNewCohort && purpose === 'students' && (
              <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontSize: 12 }}>
                new cohort — it is created by the upload
              </Typography.Text>
            )}
          </label>
          <AutoComplete
            id="ms-upload-cohort"
            value={cohort}
            options={cohortOptions}
            onChange={(value: string) => setCohort(value)}
            disabled={busy}
            placeholder={
              purpose === 'students' ? 'Choose a cohort or type a new one' : 'Choose the cohort of the students'
            }
            allowClear
          />
        </Flex>
        <Button type="link" onClick={() => void downloadSampleSheet()} style={{ paddingInline: 0 }}>
          Download sample sheet
        </Button>
      </Flex>

      <Upload.Dragger
        accept={acceptOf(purpose)}
        multiple={purpose === 'photo'}
        fileList={files}
        disabled={busy}
        beforeUpload={() => false}
        onChange={({ fileList }) => {
          setResult(undefined);
          setFiles(purpose === 'photo' ? fileList : fileList.slice(-1));
        }}
        style={{ padding: '4px 0' }}
      >
        <p className="ant-upload-drag-icon" style={{ marginBottom: 8 }}>
          <CloudUploadOutlined />
        </p>
        <p className="ant-upload-text">Click or drag a file here</p>
        <p className="ant-upload-hint">{purposeText[purpose].hint}</p>
      </Upload.Dragger>

      {stage !== undefined && (
        <Flex vertical gap={4} aria-live="polite">
          <Typography.Text type="secondary">
            {stage.stage === 'sending'
              ? `Sending ${stage.file ?? 'the file'}…`
              : stage.total > 0
                ? `Importing: ${stage.done} of ${stage.total} written`
                : stage.message || 'Importing…'}
          </Typography.Text>
          <Progress
            percent={stage.stage === 'sending' ? stage.percent : jobPercent(stage.done, stage.total)}
            status="active"
            aria-label="Upload progress"
          />
        </Flex>
      )}

      {result !== undefined && (
        <Alert
          type={result.type}
          showIcon
          closable={{ onClose: () => setResult(undefined) }}
          title={result.text}
          description={
            result.problems !== undefined && result.problems.length > 0 ? (
              <List
                size="small"
                aria-label="Problems"
                dataSource={result.problems}
                style={{ maxHeight: 220, overflow: 'auto' }}
                renderItem={(p) => (
                  <List.Item style={{ paddingInline: 0 }}>
                    <Typography.Text strong style={{ minWidth: 80, display: 'inline-block' }}>
                      {p.where.replace(/^row /, 'Row ')}
                    </Typography.Text>
                    <Typography.Text>{p.reason}</Typography.Text>
                  </List.Item>
                )}
              />
            ) : undefined
          }
        />
      )}

      <Flex justify="flex-end">
        <Button type="primary" icon={<CloudUploadOutlined />} loading={busy} onClick={() => void start()}>
          {purpose === 'students' ? 'Upload sheet' : 'Upload photos'}
        </Button>
      </Flex>
    </Flex>
  );
}
