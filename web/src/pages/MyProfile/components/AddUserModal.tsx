import { Alert, App, Button, Form, Input, Modal, Select } from 'antd';
import { teamJobTitles, addTeamUserRequest } from '@proofmark/shared/contract/team';
import { errorText, fieldProblems } from '../../../api/envelope';
import { formValues } from '../../../forms/schemaIssues';
import { FieldPair } from '../../../forms/FieldPair';
import { schemaRules, showFieldProblems } from '../../../forms/schemaRules';
import { useAddTeamUser } from '../../../api/team';

// The order of spec §5 without the passwords: the new user chooses theirs through the mailed link.
const fields = ['firstname', 'lastname', 'email', 'job_title'] as const;
type Values = Partial<Record<(typeof fields)[number], string>>;
const rule = schemaRules(addTeamUserRequest, fields);
const roleOptions = teamJobTitles.map((value) => ({ value, label: value }));

interface AddUserModalProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Spec §5 Add user: every field required, each with its own message beside it. No password: the
 * new user is mailed a set-password link, so nobody else ever knows or mails their password.
 */
export function AddUserModal({ open, onClose }: AddUserModalProps) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const add = useAddTeamUser();

  const close = () => {
    add.reset();
    form.resetFields();
    onClose();
  };

  const submit = (values: Values) => {
    const parsed = addTeamUserRequest.safeParse(formValues(values, fields));
    if (!parsed.success) return;
    add.mutate(parsed.data, {
      onSuccess: (answer) => {
        void message.success(answer.message);
        close();
      },
      onError: (error) => void showFieldProblems(form, fieldProblems(error), fields),
    });
  };

  return (
    <Modal
      open={open}
      title="Add user"
      onCancel={close}
      width={620}
      destroyOnHidden
      mask={{ closable: !add.isPending }}
      footer={[
        <Button key="cancel" onClick={close} disabled={add.isPending}>
          Cancel
        </Button>,
        <Button key="add" type="primary" loading={add.isPending} onClick={() => form.submit()}>
          Add user
        </Button>,
      ]}
    >
      <p style={{ color: '#475467', marginTop: 0 }}>
        The new member starts with view-only access and receives an email with a link to choose their password. The
        link works once and for 72 hours; you can resend it from the team list.
      </p>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        disabled={add.isPending}
        aria-label="Add user"
        preserve={false}
      >
        {add.isError && <Alert type="error" showIcon title={errorText(add.error)} style={{ marginBottom: 16 }} />}
        <FieldPair>
          <Form.Item label="First name" name="firstname" rules={rule('firstname')}>
            <Input autoComplete="off" autoFocus />
          </Form.Item>
          <Form.Item label="Last name" name="lastname" rules={rule('lastname')}>
            <Input autoComplete="off" />
          </Form.Item>
        </FieldPair>
        <Form.Item label="Email" name="email" rules={rule('email')}>
          <Input type="email" autoComplete="off" placeholder="name@organization.edu" />
        </Form.Item>
        <Form.Item label="Role" name="job_title" rules={rule('job_title')}>
          <Select placeholder="Select a role" options={roleOptions} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
