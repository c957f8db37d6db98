import { Form, Input } from 'antd';
import { localUpdate } from '@proofmark/shared/api/profile';
import type { ProfileData } from '@proofmark/shared/api/profile';
import { useSettingsBlock } from './blockForm';
import { BlockSaveBar } from './SaveBar';
import { TestConnectionButton } from './TestConnectionButton';

/** Local storage: an absolute folder path on the server ('Please enter Local path.'). */
export function LocalBlock({ profile, readOnly }: { profile: ProfileData; readOnly: boolean }) {
  const block = useSettingsBlock<{ path: string }>('localinformation', localUpdate);
  return (
    <>
      <Form
        form={block.form}
        name={block.name}
        layout="vertical"
        disabled={readOnly}
        aria-label="Local"
        initialValues={{ path: profile.localpath }}
      >
        <Form.Item name="path" label="Local path" rules={block.rule('path')}>
          <Input autoComplete="off" placeholder="/var/proofmark/certificates" />
        </Form.Item>
      </Form>
      <BlockSaveBar
        block={block}
        readOnly={readOnly}
        extra={<TestConnectionButton values={block.validated} />}
      />
    </>
  );
}
