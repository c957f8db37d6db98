import type { ReactNode } from 'react';
import { Alert, Button, Flex } from 'antd';

interface SaveBarProps {
  saving: boolean;
  onSave: () => void;
  /** The server's message when it refused the block. */
  error?: string;
  onCloseError?: () => void;
  /** Extra actions (Test connection, Send test email), left of Save. */
  extra?: ReactNode;
  /** Hidden for users who may not change the block. */
  readOnly?: boolean;
  label?: string;
}

/** The foot of a settings block: the server's refusal, then its own actions and Save. */
export function SaveBar({
  saving,
  onSave,
  error,
  onCloseError,
  extra,
  readOnly,
  label = 'Save',
}: SaveBarProps) {
  return (
    <Flex vertical gap={12} style={{ marginTop: 'auto', paddingTop: 4 }}>
      {error !== undefined && (
        <Alert type="error" showIcon title={error} closable={{ onClose: onCloseError }} role="alert" />
      )}
      {!readOnly && (
        <Flex justify="flex-end" align="center" gap={8} wrap>
          {extra}
          <Button type="primary" onClick={onSave} loading={saving}>
            {label}
          </Button>
        </Flex>
      )}
    </Flex>
  );
}

/** The state of a settings block (useSettingsBlock) that its SaveBar shows and drives. */
interface BlockState {
  saving: boolean;
  submit: (extra?: Partial<Record<string, unknown>>) => Promise<boolean>;
  error?: string;
  clearError: () => void;
}

/** A settings block's SaveBar wired to its state; `submitWith` is what the block adds to its values. */
export function BlockSaveBar({
  block,
  submitWith,
  ...rest
}: { block: BlockState; submitWith?: Partial<Record<string, unknown>> } & Pick<SaveBarProps, 'extra' | 'readOnly' | 'label'>) {
  return (
    <SaveBar
      {...rest}
      saving={block.saving}
      onSave={() => void block.submit(submitWith)}
      error={block.error}
      onCloseError={block.clearError}
    />
  );
}
