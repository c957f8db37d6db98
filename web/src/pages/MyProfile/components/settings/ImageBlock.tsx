import { useState } from 'react';
import { Alert, App, Flex, Typography, Upload } from 'antd';
import { imageProblem, MAX_IMAGE_BYTES } from '@proofmark/shared/settings/rules';
import { errorText } from '../../../../api/envelope';
import { CloudUploadOutlined } from '../../../../components/icons';
import { BlockCard } from './BlockCard';
import type { ImageSlot } from '../../../../api/profile';
import { useUploadImage } from '../../../../api/profile';

const titles: Record<ImageSlot, string> = { logo: 'Logo', signature: 'Signature image' };
const descriptions: Record<ImageSlot, string> = {
  logo: 'Shown on certificates and on your verifier page.',
  signature: 'The signature printed on certificates.',
};

const dataUrlOf = (file: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });

/**
 * Logo or signature upload: PNG or JPEG by content, at most 2 MB — checked here with the same rule
 * the server applies (shared/src/settings/rules.ts) — then previewed.
 */
export function ImageBlock({
  slot,
  url,
  readOnlyNote,
}: {
  slot: ImageSlot;
  url: string | null;
  readOnlyNote?: string;
}) {
  const { message } = App.useApp();
  const upload = useUploadImage(slot);
  const [problem, setProblem] = useState<string>();
  const [local, setLocal] = useState<string>();
  const [broken, setBroken] = useState(false);
  const readOnly = readOnlyNote !== undefined;
  const preview = local ?? (broken ? undefined : (url ?? undefined));

  const choose = async (file: File) => {
    setProblem(undefined);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const wrong = imageProblem(bytes);
    if (wrong !== undefined) {
      setProblem(wrong);
      return;
    }
    const dataUrl = await dataUrlOf(file);
    upload.mutate(dataUrl, {
      onSuccess: (answer) => {
        setLocal(dataUrl);
        void message.success(answer.message);
      },
      onError: (error) => setProblem(errorText(error)),
    });
  };

  return (
    <BlockCard title={titles[slot]} description={descriptions[slot]} readOnlyNote={readOnlyNote}>
      <Flex gap={16} align="stretch" wrap>
        <Flex
          align="center"
          justify="center"
          style={{
            width: 160,
            height: 120,
            borderRadius: 10,
            border: '1px solid var(--ant-color-border-secondary, #eef0f3)',
            background: 'repeating-conic-gradient(#f5f6f8 0% 25%, #fff 0% 50%) 50% / 16px 16px',
            overflow: 'hidden',
          }}
        >
          {preview ? (
            <img
              src={preview}
              alt={`${titles[slot]} preview`}
              onError={() => setBroken(true)}
              style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
            />
          ) : (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              No image yet
            </Typography.Text>
          )}
        </Flex>
        {!readOnly && (
          <div style={{ flex: '1 1 180px' }}>
            <Upload.Dragger
              accept="image/png,image/jpeg"
              multiple={false}
              showUploadList={false}
              disabled={upload.isPending}
              aria-label={`Upload ${titles[slot].toLowerCase()}`}
              beforeUpload={(file) => {
                void choose(file);
                return false;
              }}
              style={{ padding: '4px 8px' }}
            >
              <p className="ant-upload-drag-icon" style={{ marginBottom: 4 }}>
                <CloudUploadOutlined />
              </p>
              <Typography.Text>{upload.isPending ? 'Uploading…' : 'Click or drop an image'}</Typography.Text>
              <br />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                PNG or JPEG, up to {MAX_IMAGE_BYTES / 1024 / 1024} MB
              </Typography.Text>
            </Upload.Dragger>
          </div>
        )}
      </Flex>
      {problem !== undefined && (
        <Alert type="error" showIcon title={problem} style={{ marginTop: 12 }} role="alert" />
      )}
    </BlockCard>
  );
}
