import { Form, Input } from 'antd';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';

export interface Credentials {
  email: string;
  password: string;
}

/** Email and password of the signed-in user, asked again before irreversible work (§4, §5). */
export function CredentialFields() {
  return (
    <>
      <Form.Item
        label="Email"
        name="email"
        rules={[{ required: true, whitespace: true, message: m.inputEmail }]}
      >
        <Input autoComplete="username" />
      </Form.Item>
      <Form.Item label="Password" name="password" rules={[{ required: true, message: m.inputPassword }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
    </>
  );
}
