import { useState } from 'react';
import { Alert, App, Button, Col, Form, Input, Row, Typography } from 'antd';
import type { FormRule } from 'antd';
import { accountMessages } from '@proofmark/shared/accounts/messages';
import { useMutation } from '@tanstack/react-query';
import { changePasswordRequest } from '@proofmark/shared/contract/auth';
import { authApi } from '../../../api/auth';
import { errorText, fieldProblems } from '../../../api/envelope';
import { showFieldProblems } from '../../../forms/schemaRules';
import { formValues, issuesByField } from '../../../forms/schemaIssues';

const fields = ['OldPassword', 'NewPassword', 'ConfirmPassword'] as const;
type Field = (typeof fields)[number];

/**
 * The shared schema's rules, except that 'Please enter all fields' is one message for the form:
 * it shows under the first empty field only, not once per empty field.
 */
const rule =
  (field: Field): FormRule[] => [
    ({ getFieldsValue }) => ({
      validator: async () => {
        const values = formValues(getFieldsValue(true) as Record<string, unknown>, fields);
        const first = issuesByField(changePasswordRequest, values).get(field)?.[0];
        if (first === undefined) return;
        if (first === accountMessages.allFieldsRequired && fields.find((f) => !values[f]) !== field) return;
        throw new Error(first);
      },
    }),
  ];

interface Values {
  OldPassword: string;
  NewPassword: string;
  ConfirmPassword: string;
}

/**
 * Spec §5 settings change: all three required ('Please enter all fields'), new equals confirm
 * ('new password and confirm did not matched'); the server's answer is shown as it comes.
 * Every signed-in user may change their own password, view-only users included.
 */
export function ChangePasswordTab() {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const [done, setDone] = useState<string>();

  const change = useMutation({
    mutationFn: (values: Values) => authApi.changePassword(values),
    onSuccess: (answer) => {
      void message.success(answer.message);
      setDone(answer.message);
      form.resetFields();
    },
    onError: (error) => {
      if (!showFieldProblems(form, fieldProblems(error), fields)) void message.error(errorText(error));
    },
  });

  return (
    <Row gutter={[48, 24]}>
      <Col xs={24} md={9}>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          Change password
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          Enter your current password, then the new one twice. Use at least 8 characters; a short sentence is
          easy to remember and hard to guess.
        </Typography.Paragraph>
      </Col>
      <Col xs={24} md={15} style={{ maxWidth: 520 }}>
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ OldPassword: '', NewPassword: '', ConfirmPassword: '' }}
          onFinish={(values) => {
            setDone(undefined);
            change.mutate(values);
          }}
          onValuesChange={() => setDone(undefined)}
          disabled={change.isPending}
          aria-label="Change password"
        >
          {done !== undefined && <Alert type="success" showIcon title={done} style={{ marginBottom: 20 }} />}
          <Form.Item label="Old password" name="OldPassword" rules={rule('OldPassword')}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item label="New password" name="NewPassword" rules={rule('NewPassword')}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label="Confirm password"
            name="ConfirmPassword"
            rules={rule('ConfirmPassword')}
            dependencies={['NewPassword']}
           
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={change.isPending}>
            Change password
          </Button>
        </Form>
      </Col>
    </Row>
  );
}
