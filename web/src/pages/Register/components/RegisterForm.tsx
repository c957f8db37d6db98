import { useState } from 'react';
import { Alert, Button, Form, Input, Select } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { discoveryChoices, graduatesMembersChoices, registerRequest, registrationJobTitles } from '@proofmark/shared/contract/auth';
import type { RegisterRequest } from '@proofmark/shared/contract/auth';
import { authApi } from '../../../api/auth';
import { errorText, fieldProblems } from '../../../api/envelope';
import { formValues } from '../../../forms/schemaIssues';
import { FieldPair } from '../../../forms/FieldPair';
import { schemaRules, showFieldProblems } from '../../../forms/schemaRules';

const fields = [
  'fname',
  'lname',
  'Organization_Name',
  'email',
  'Organization_URL',
  'password',
  'Graduates_Members',
  'Job_Title',
  'How_did_you_find_us',
] as const;
type Field = (typeof fields)[number];
type Values = Partial<Record<Field, string>>;

const rule = schemaRules(registerRequest, fields);
const options = (choices: readonly string[]) => choices.map((value) => ({ value, label: value }));

interface RegisterFormProps {
  /** Called once the account exists, with the email to confirm and the server's message. */
  onRegistered: (email: string, message: string) => void;
}

/** Spec §3 registration payload, checked with the shared schema before it is sent. */
export function RegisterForm({ onRegistered }: RegisterFormProps) {
  const [form] = Form.useForm<Values>();
  const [banner, setBanner] = useState<string>();

  const register = useMutation({
    mutationFn: (request: RegisterRequest) => authApi.register(request),
    onSuccess: (answer, request) => onRegistered(request.email, answer.message),
    // A problem shown beside its field is not repeated in the banner (it used to appear twice).
    onError: (error) => setBanner(showFieldProblems(form, fieldProblems(error), fields) ? undefined : errorText(error)),
  });

  const submit = (values: Values) => {
    // The rules already passed; parsing again yields the trimmed, lower-cased request to send.
    const parsed = registerRequest.safeParse(formValues(values, fields));
    if (parsed.success) register.mutate(parsed.data);
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      disabled={register.isPending}
      scrollToFirstError
      aria-label="Registration"
    >
      {register.isError && banner !== undefined && (
        <Alert type="error" showIcon title={banner} style={{ marginBottom: 20 }} />
      )}
      <FieldPair>
        <Form.Item label="First name" name="fname" rules={rule('fname')}>
          <Input autoComplete="given-name" autoFocus />
        </Form.Item>
        <Form.Item label="Last name" name="lname" rules={rule('lname')}>
          <Input autoComplete="family-name" />
        </Form.Item>
      </FieldPair>
      <FieldPair>
        <Form.Item label="Organization name" name="Organization_Name" rules={rule('Organization_Name')}>
          <Input autoComplete="organization" placeholder="Westbrook University" />
        </Form.Item>
        <Form.Item label="Organization URL" name="Organization_URL" rules={rule('Organization_URL')}>
          <Input autoComplete="url" placeholder="https://www.westbrook.edu" inputMode="url" />
        </Form.Item>
      </FieldPair>
      <Form.Item label="Work email" name="email" rules={rule('email')}>
        <Input type="email" autoComplete="email" placeholder="you@organization.edu" />
      </Form.Item>
      <Form.Item label="Password" name="password" rules={rule('password')} extra="At least 8 characters. A long phrase is easiest to remember.">
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <FieldPair>
        <Form.Item label="Graduates / members per year" name="Graduates_Members" rules={rule('Graduates_Members')}>
          <Select placeholder="Select a range" options={options(graduatesMembersChoices)} />
        </Form.Item>
        <Form.Item label="Job title" name="Job_Title" rules={rule('Job_Title')}>
          <Select placeholder="Select your job title" options={options(registrationJobTitles)} />
        </Form.Item>
      </FieldPair>
      <Form.Item label="How did you find us?" name="How_did_you_find_us" rules={rule('How_did_you_find_us')}>
        <Select placeholder="Select one" options={options(discoveryChoices)} />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={register.isPending} style={{ marginTop: 8 }}>
        Create account
      </Button>
    </Form>
  );
}
