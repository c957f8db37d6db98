import { Alert, App, Button, Col, Form, Input, Modal, Row, Select } from 'antd';
import { teamJobTitles, addTeamUserRequest } from '@proofmark/shared/api/auth';
import { errorText, fieldProblems } from '../../../api/envelope';
import { formValues } from '../../../forms/schemaIssues';
import { schemaRules, showFieldProblems } from '../../../forms/schemaRules';
import { temporaryPassword } from './temporaryPassword';
import { useAddTeamUser } from './useTeam';

// The order of spec §5 ("first name, last name, email, password, confirm password, role").
const fields = ['firstname', 'lastname', 'email', 'password', 'confirmpassword', 'job_title'] as const;
type Values = Partial<Record<(typeof fields)[number], string>>;
const rule = schemaRules(addTeamUserRequest, fields);
const roleOptions = teamJobTitles.map((value) => ({ value, label: value }));

interface AddUserModalProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Spec §5 Add user: every field required, each with its own message beside it; a confirmation
 * that differs gives 'Password and confirmation password do not match.'. The new user gets the
 * password by email and must replace it at first sign-in.
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

  const generate = () => {
    const password = temporaryPassword();
    form.setFieldsValue({ password, confirmpassword: password });
    void form.validateFields(['password', 'confirmpassword']).catch(() => undefined);
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
        The new member starts with view-only access and receives an email with the temporary password. They choose
        their own password the first time they sign in.
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
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item label="First name" name="firstname" rules={rule('firstname')}>
              <Input autoComplete="off" autoFocus />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="Last name" name="lastname" rules={rule('lastname')}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="Email" name="email" rules={rule('email')}>
          <Input type="email" autoComplete="off" placeholder="name@organization.edu" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              label="Password"
              name="password"
              rules={rule('password')}
              extra={
                <Button type="link" size="small" style={{ padding: 0 }} onClick={generate}>
                  Generate a strong password
                </Button>
              }
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="Confirm password" name="confirmpassword" rules={rule('confirmpassword')} dependencies={['password']}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="Role" name="job_title" rules={rule('job_title')}>
          <Select placeholder="Select a role" options={roleOptions} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
