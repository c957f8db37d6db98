import { App, Button, Form, Input, Spin } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { firstPasswordRequest } from '@proofmark/shared/contract/auth';
import { authApi } from '../../../api/auth';
import { errorText } from '../../../api/envelope';
import { LockOutlined } from '../../../components/icons';
import { schemaRules } from '../../../forms/schemaRules';

const fields = ['newpassword', 'confirmpassword'] as const;
const rule = schemaRules(firstPasswordRequest, fields);

interface Values {
  newpassword: string;
  confirmpassword: string;
}

/**
 * Spec §4/§5 first-login change: the shared schema reports 'Please input new password', then
 * 'Please input confirm password', then 'new password and confirm did not matched'; a 200 is a
 * success toast, a 400 an error toast that stops the loader.
 */
export function FirstPasswordForm({ onChanged }: { onChanged: (message: string) => void }) {
  const { message } = App.useApp();
  const change = useMutation({
    mutationFn: (values: Values) => authApi.firstPassword(values),
    onSuccess: (answer) => {
      void message.success(answer.message);
      onChanged(answer.message);
    },
    onError: (error) => void message.error(errorText(error)),
  });

  return (
    <Spin spinning={change.isPending} description="Changing your password…">
      <Form<Values>
        layout="vertical"
        requiredMark={false}
        initialValues={{ newpassword: '', confirmpassword: '' }}
        onFinish={(values) => change.mutate(values)}
        disabled={change.isPending}
        aria-label="Change password"
      >
        <Form.Item label="New password" name="newpassword" rules={rule('newpassword')} extra="At least 8 characters.">
          <Input.Password size="large" autoComplete="new-password" autoFocus prefix={<LockOutlined style={{ color: '#98a2b3' }} />} />
        </Form.Item>
        <Form.Item label="Confirm password" name="confirmpassword" rules={rule('confirmpassword')} dependencies={['newpassword']}>
          <Input.Password size="large" autoComplete="new-password" prefix={<LockOutlined style={{ color: '#98a2b3' }} />} />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={change.isPending}>
          Change
        </Button>
      </Form>
    </Spin>
  );
}
