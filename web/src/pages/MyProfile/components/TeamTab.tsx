import { useState } from 'react';
import { Alert, App, Avatar, Button, Flex, Popconfirm, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { permissionLevel } from '@proofmark/shared/accounts/permissions';
import type { TeamMember } from '@proofmark/shared/contract/team';
import { errorText } from '../../../api/envelope';
import { Can } from '../../../auth/Can';
import { EditOutlined, UserAddOutlined } from '../../../components/icons';
import { AddUserModal } from './AddUserModal';
import { LevelTag } from './levelTag';
import { PermissionsModal } from './PermissionsModal';
import { useMemberAction, useTeam } from '../../../api/team';
import type { MemberAction } from '../../../api/team';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

type ConfirmedKind = Exclude<MemberAction, 'reactivate'>;

/** What each member action that asks first says: its question (of the member's name), what follows, its button. */
const asks: Record<
  ConfirmedKind,
  { question: (name: string) => string; consequence: string; okText: string; button: string; label: string }
> = {
  deactivate: {
    question: (name) => `Deactivate ${name}?`,
    consequence: 'They are signed out at once and cannot sign in until reactivated.',
    okText: 'Deactivate',
    button: 'Deactivate',
    label: 'Deactivate',
  },
  resendInvitation: {
    question: (name) => `Resend the invitation to ${name}?`,
    consequence: 'A new set-password link is mailed; the previous link stops working.',
    okText: 'Resend',
    button: 'Resend invitation',
    label: 'Resend invitation to',
  },
  resetPassword: {
    question: (name) => `Reset the password of ${name}?`,
    consequence: 'They are signed out everywhere and mailed a link to choose a new password.',
    okText: 'Reset password',
    button: 'Reset password',
    label: 'Reset password of',
  },
  remove: {
    question: (name) => `Remove ${name}?`,
    consequence: 'They lose access at once; this cannot be undone.',
    okText: 'Remove',
    button: 'Remove',
    label: 'Remove',
  },
};

/** A member action's button that asks first; removing, which cannot be undone, is red. */
function ConfirmedAction({
  action,
  member,
  onConfirm,
}: {
  action: ConfirmedKind;
  member: TeamMember;
  onConfirm: (action: MemberAction, member: TeamMember) => void;
}) {
  const ask = asks[action];
  const danger = action === 'remove';
  return (
    <Popconfirm
      title={ask.question(`${member.fname} ${member.lname}`)}
      description={ask.consequence}
      okText={ask.okText}
      okButtonProps={danger ? { danger: true } : undefined}
      onConfirm={() => onConfirm(action, member)}
    >
      <Button danger={danger} aria-label={`${ask.label} ${member.email}`}>
        {ask.button}
      </Button>
    </Popconfirm>
  );
}

function createdOn(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateFormat.format(date);
}

const initials = (m: TeamMember) => `${m.fname.charAt(0)}${m.lname.charAt(0)}`.toUpperCase() || '?';

/**
 * Spec §6 Team tab: the main administrator's list of team members, Add user and Edit permission,
 * plus deactivate/reactivate, resend invitation or reset password, and remove.
 */
export function TeamTab() {
  const team = useTeam();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<TeamMember>();
  const memberAction = useMemberAction();
  const { message } = App.useApp();

  const run = (action: MemberAction, member: TeamMember) =>
    memberAction.mutate(
      { action, email: member.email },
      {
        onSuccess: (answer) => void message.success(answer.message),
        onError: (error) => void message.error(errorText(error)),
      },
    );

  const columns: TableColumnsType<TeamMember> = [
    {
      title: 'Name',
      key: 'name',
      // A fixed width keeps names readable on a phone, where the table scrolls sideways instead.
      width: 220,
      render: (_, member) => (
        <Flex align="center" gap={12}>
          <Avatar style={{ background: member.isMainAdmin ? '#0b1733' : '#1f4ed8', flex: 'none' }}>{initials(member)}</Avatar>
          <Flex vertical>
            <Typography.Text strong>
              {member.fname} {member.lname}
            </Typography.Text>
            {member.isMainAdmin && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                Main administrator
              </Typography.Text>
            )}
            {member.deactivated && (
              <Tag color="default" style={{ width: 'fit-content' }}>
                Deactivated
              </Tag>
            )}
            {member.invitationPending && (
              <Tag color="gold" style={{ width: 'fit-content' }}>
                Invitation pending
              </Tag>
            )}
          </Flex>
        </Flex>
      ),
    },
    { title: 'Email', dataIndex: 'email', key: 'email', width: 240 },
    { title: 'Job title', dataIndex: 'job_title', key: 'job_title', render: (title: string) => title || '—' },
    { title: 'Created', dataIndex: 'created_at', key: 'created_at', render: createdOn, width: 130 },
    {
      title: 'Level',
      key: 'level',
      width: 120,
      render: (_, member) => <LevelTag level={permissionLevel(member.permissions)} />,
    },
    {
      title: <span className="pm-visually-hidden">Actions</span>,
      key: 'actions',
      align: 'right',
      width: 480,
      render: (_, member) =>
        member.isMainAdmin ? (
          <Tooltip title="The main administrator always has every permission.">
            <Tag variant="filled" style={{ marginInlineEnd: 0 }}>
              All permissions
            </Tag>
          </Tooltip>
        ) : (
          <Can ability="mainAdmin">
            <Flex gap={8} justify="flex-end" wrap>
              <Button icon={<EditOutlined />} onClick={() => setEditing(member)} aria-label={`Edit permission of ${member.email}`}>
                Edit permission
              </Button>
              {member.deactivated ? (
                <Button onClick={() => run('reactivate', member)} aria-label={`Reactivate ${member.email}`}>
                  Reactivate
                </Button>
              ) : (
                <ConfirmedAction action="deactivate" member={member} onConfirm={run} />
              )}
              <ConfirmedAction
                action={member.invitationPending ? 'resendInvitation' : 'resetPassword'}
                member={member}
                onConfirm={run}
              />
              <ConfirmedAction action="remove" member={member} onConfirm={run} />
            </Flex>
          </Can>
        ),
    },
  ];

  return (
    <Flex vertical gap={20}>
      <Flex align="flex-start" justify="space-between" gap={16} wrap>
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            Team members
          </Typography.Title>
          <Typography.Text type="secondary">
            People of your organization who can sign in to Proofmark, and what each of them may do.
          </Typography.Text>
        </div>
        <Can ability="mainAdmin">
          <Button type="primary" icon={<UserAddOutlined />} onClick={() => setAdding(true)}>
            Add user
          </Button>
        </Can>
      </Flex>
      {team.isError && (
        <Alert
          type="error"
          showIcon
          title={errorText(team.error)}
          action={
            <Button size="small" onClick={() => void team.refetch()}>
              Try again
            </Button>
          }
        />
      )}
      <Table<TeamMember>
        rowKey="user_id"
        columns={columns}
        dataSource={team.data ?? []}
        loading={team.isPending && !team.isError}
        pagination={(team.data?.length ?? 0) > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        scroll={{ x: 1310 }}
        locale={{ emptyText: team.isError ? 'The team could not be loaded.' : 'No team members yet.' }}
        aria-label="Team members"
      />
      <AddUserModal open={adding} onClose={() => setAdding(false)} />
      {editing !== undefined && <PermissionsModal key={editing.user_id} member={editing} onClose={() => setEditing(undefined)} />}
    </Flex>
  );
}
