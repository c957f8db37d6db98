import { Form, Input } from 'antd';
import { localUpdate } from '@proofmark/shared/contract/profile';
import type { ProfileData } from '@proofmark/shared/contract/profile';
import { useSettingsBlock } from './blockForm';
import { BlockForm } from './BlockForm';
import { TestConnectionButton } from './TestConnectionButton';

/** Local storage: an absolute folder path on the server ('Please enter Local path.'). */
export function LocalBlock({ profile, readOnly }: { profile: ProfileData; readOnly: boolean }) {
  const block = useSettingsBlock<{ path: string }>('localinformation', localUpdate);
  return (
    <BlockForm
      block={block}
      label="Local"
      readOnly={readOnly}
      initialValues={{ path: profile.localpath }}
      extra={<TestConnectionButton values={block.validated} />}
    >
      <Form.Item name="path" label="Local path" rules={block.rule('path')}>
        <Input autoComplete="off" placeholder="/var/proofmark/certificates" />
      </Form.Item>
    </BlockForm>
  );
}
