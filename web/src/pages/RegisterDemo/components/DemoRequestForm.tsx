import { useState } from 'react';
import { Alert, Button, Form, Input, Select } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { demoRequest } from '@proofmark/shared/contract/demo';
import type { DemoRequest } from '@proofmark/shared/contract/demo';
import { demoDescribeChoices, demoFindUsChoices } from '@proofmark/shared/demo/messages';
import { publicApi } from '../../../api/public';
import { errorText, fieldProblems } from '../../../api/envelope';
import { formValues } from '../../../forms/schemaIssues';
import { FieldPair } from '../../../forms/FieldPair';
import { schemaRules, showFieldProblems } from '../../../forms/schemaRules';

const fields = [
  'firstName',
  'lastName',
  'emailAddress',
  'phoneNumber',
  'organizationName',
  'role',
  'describe',
  'findUs',
  'questions',
] as const;
type Field = (typeof fields)[number];
type Values = Partial<Record<Field, string>>;

const rule = schemaRules(demoRequest, fields);
// §9: '-Please Select-' is the empty choice.
const choices = (values: readonly string[]) => [
  { value: '', label: '-Please Select-' },
  ...values.map((value) => ({ value, label: value })),
];

/**
 * The 'Schedule a demo' form (account-and-billing §2, §5, §9). Checked with the shared schema
 * before anything is sent: the first field in error (an empty required one, a malformed email)
 * gets the focus. The button's loader stops on every answer; a failure says what happened.
 */
export function DemoRequestForm({ onSent }: { onSent: () => void }) {
  const [form] = Form.useForm<Values>();
  const [banner, setBanner] = useState<string>();

  const send = useMutation({
    mutationFn: (request: DemoRequest) => publicApi('POST /api/demo/requests', { body: request }),
    onSuccess: () => onSent(),
    onError: (error) =>
      setBanner(showFieldProblems(form, fieldProblems(error), fields) ? undefined : errorText(error)),
  });

  const submit = (values: Values) => {
    const parsed = demoRequest.safeParse(formValues(values, fields));
    if (parsed.success) {
      setBanner(undefined);
      send.mutate(parsed.data);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark
      onFinish={submit}
      initialValues={{ describe: '', findUs: '' }}
      disabled={send.isPending}
      scrollToFirstError={{ focus: true, block: 'center' }}
      aria-label="Schedule a demo"
    >
      {banner !== undefined && <Alert type="error" showIcon title={banner} style={{ marginBottom: 20 }} />}
      <FieldPair>
        <Form.Item label="First name" name="firstName" rules={rule('firstName')} required>
          <Input autoComplete="given-name" />
        </Form.Item>
        <Form.Item label="Last name" name="lastName" rules={rule('lastName')} required>
          <Input autoComplete="family-name" />
        </Form.Item>
      </FieldPair>
      <FieldPair>
        <Form.Item label="Email" name="emailAddress" rules={rule('emailAddress')} required>
          <Input type="email" autoComplete="email" placeholder="you@organization.edu" />
        </Form.Item>
        <Form.Item label="Phone number" name="phoneNumber" rules={rule('phoneNumber')} required>
          <Input type="tel" autoComplete="tel" />
        </Form.Item>
      </FieldPair>
      <FieldPair>
        <Form.Item
          label="Organization name"
          name="organizationName"
          rules={rule('organizationName')}
          required
        >
          <Input autoComplete="organization" />
        </Form.Item>
        <Form.Item label="Role" name="role" rules={rule('role')} required>
          <Input autoComplete="organization-title" placeholder="Registrar" />
        </Form.Item>
      </FieldPair>
      <FieldPair>
        <Form.Item label="Which best describe your organization?" name="describe" rules={rule('describe')}>
          <Select options={choices(demoDescribeChoices)} />
        </Form.Item>
        <Form.Item label="How did you find us?" name="findUs" rules={rule('findUs')}>
          <Select options={choices(demoFindUsChoices)} />
        </Form.Item>
      </FieldPair>
      <Form.Item label="Any questions for us?" name="questions" rules={rule('questions')}>
        <Input.TextArea rows={3} maxLength={2000} />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={send.isPending}>
        SUBMIT
      </Button>
    </Form>
  );
}
