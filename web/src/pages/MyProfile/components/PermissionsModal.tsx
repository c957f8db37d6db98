import { useState } from 'react';
import { Alert, App, Col, Flex, Modal, Row, Switch, Typography } from 'antd';
import {
  permissionLabels,
  permissionLevel,
  togglePermission,
  visiblePermissionFlags,
} from '@proofmark/shared/accounts/permissions';
import type { PermissionFlag, Permissions } from '@proofmark/shared/accounts/permissions';
import type { TeamMember } from '@proofmark/shared/contract/team';
import { errorText } from '../../../api/envelope';
import { LevelTag } from './levelTag';
import { useUpdatePermissions } from '../../../api/team';

const mainLevelFlags: readonly PermissionFlag[] = ['isadmin', 'issuer', 'viewonly'];
const detailFlags = visiblePermissionFlags.filter((flag) => !mainLevelFlags.includes(flag));

const mainLevelHints: Partial<Record<PermissionFlag, string>> = {
  isadmin: 'Full access to the organization’s data',
  issuer: 'Generates, previews and issues certificates',
  viewonly: 'Can look at everything, change nothing',
};

interface PermissionsModalProps {
  member: TeamMember;
  onClose: () => void;
}

/**
 * Spec §6 permission modal: one switch per visible flag. Each flip goes through the shared
 * togglePermission, so the knock-on rules of §4 (issuer on → view only off and the issuing trio on,
 * …) show at once; Save posts every flag.
 */
export function PermissionsModal({ member, onClose }: PermissionsModalProps) {
  const [permissions, setPermissions] = useState<Permissions>(() => ({ ...member.permissions }));
  const update = useUpdatePermissions();
  const { message } = App.useApp();

  const flip = (flag: PermissionFlag, on: boolean) => setPermissions((current) => togglePermission(current, flag, on));

  const save = () =>
    update.mutate(
      { email: member.email, permissions },
      {
        onSuccess: (answer) => {
          void message.success(answer.message);
          onClose();
        },
      },
    );

  const switchRow = (flag: PermissionFlag, hint?: string) => (
    <Flex
      key={flag}
      align="center"
      justify="space-between"
      gap={12}
      style={{ padding: '10px 14px', borderRadius: 10, border: '1px solid #eaecf0', background: permissions[flag] ? '#f5f8ff' : '#ffffff' }}
    >
      <Flex vertical>
        <Typography.Text strong={hint !== undefined} style={{ textTransform: flag === 'changelogo' ? 'capitalize' : undefined }}>
          {permissionLabels[flag]}
        </Typography.Text>
        {hint !== undefined && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {hint}
          </Typography.Text>
        )}
      </Flex>
      <Switch
        aria-label={permissionLabels[flag]}
        checked={permissions[flag] === 1}
        onChange={(on) => flip(flag, on)}
        disabled={update.isPending}
      />
    </Flex>
  );

  return (
    <Modal
      open
      title={
        <Flex align="center" gap={10} wrap>
          <span>Edit permissions</span>
          <LevelTag level={permissionLevel(permissions)} />
        </Flex>
      }
      onCancel={onClose}
      onOk={save}
      okText="Save"
      confirmLoading={update.isPending}
      width={680}
      mask={{ closable: !update.isPending }}
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        {member.fname} {member.lname} · {member.email}
      </Typography.Paragraph>
      {update.isError && <Alert type="error" showIcon title={errorText(update.error)} style={{ marginBottom: 16 }} />}
      <Typography.Title level={5} style={{ marginTop: 4 }}>
        Main level
      </Typography.Title>
      <Row gutter={[12, 12]}>
        {mainLevelFlags.map((flag) => (
          <Col key={flag} xs={24} sm={8}>
            {switchRow(flag, mainLevelHints[flag])}
          </Col>
        ))}
      </Row>
      <Typography.Title level={5} style={{ marginTop: 20 }}>
        Detailed permissions
      </Typography.Title>
      <Row gutter={[12, 8]}>
        {detailFlags.map((flag) => (
          <Col key={flag} xs={24} sm={12}>
            {switchRow(flag)}
          </Col>
        ))}
      </Row>
    </Modal>
  );
}
