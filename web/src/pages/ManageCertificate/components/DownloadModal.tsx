import { useState } from 'react';
import { Alert, Checkbox, Flex, Modal, Select, Typography } from 'antd';
import { downloadTypes } from '@proofmark/shared/contract/workspace';
import type { DownloadChoice } from '@proofmark/shared/workspace/rules';

export type DownloadType = (typeof downloadTypes)[number];
export type DownloadOptions = DownloadChoice & { downloadtype: DownloadType };

interface DownloadModalProps {
  open: boolean;
  /** The download type chosen last (§9 remembers it). */
  initialType: DownloadType;
  busy: boolean;
  /** Judges the choice with the shared rule; a refusal's message is shown in the dialog. */
  check: (choice: DownloadOptions) => string | undefined;
  onOk: (choice: DownloadOptions) => void;
  onCancel: () => void;
}

const kinds = [
  { key: 'downloadjson', label: 'JSON' },
  { key: 'downloadpdf', label: 'PDF' },
  { key: 'downloadprint', label: 'PRINT' },
  { key: 'downloadqrcode', label: 'QRCODE' },
] as const;

const typeLabels: Record<DownloadType, string> = {
  individual: 'Individual files',
  consolidated: 'Consolidated PDF',
};

/** Download Options (§2.5): the download type and at least one of JSON, PDF, PRINT, QRCODE (§5). */
export function DownloadModal({ open, initialType, busy, check, onOk, onCancel }: DownloadModalProps) {
  const [type, setType] = useState<DownloadType>(initialType);
  const [choice, setChoice] = useState<DownloadChoice>({
    downloadjson: false,
    downloadpdf: false,
    downloadprint: false,
    downloadqrcode: false,
  });
  const [problem, setProblem] = useState<string>();

  return (
    <Modal
      open={open}
      title="Download Options"
      okText="Ok"
      onOk={() => {
        const options = { ...choice, downloadtype: type };
        const refusal = check(options);
        setProblem(refusal);
        if (refusal === undefined) onOk(options);
      }}
      confirmLoading={busy}
      onCancel={onCancel}
      afterOpenChange={(visible) => {
        if (visible) {
          setType(initialType);
          setProblem(undefined);
        }
      }}
    >
      <Flex vertical gap={16}>
        {problem !== undefined && <Alert type="warning" showIcon title={problem} />}
        <Flex vertical gap={6}>
          <label htmlFor="mc-download-type">
            <Typography.Text type="secondary">Download type</Typography.Text>
          </label>
          <Select
            id="mc-download-type"
            aria-label="Download type"
            value={type}
            options={downloadTypes.map((t) => ({ label: typeLabels[t], value: t }))}
            onChange={(next: DownloadType) => setType(next)}
          />
        </Flex>
        <Flex gap={16} wrap role="group" aria-label="Certificate files">
          {kinds.map((k) => (
            <Checkbox
              key={k.key}
              checked={choice[k.key]}
              onChange={(e) => {
                setChoice({ ...choice, [k.key]: e.target.checked });
                setProblem(undefined);
              }}
            >
              {k.label}
            </Checkbox>
          ))}
        </Flex>
        <Typography.Text type="secondary">
          The files are packed into a zip, which downloads when it is ready.
        </Typography.Text>
      </Flex>
    </Modal>
  );
}
