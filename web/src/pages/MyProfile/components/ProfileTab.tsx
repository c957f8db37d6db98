import { Alert, Descriptions, Skeleton, Tag, Typography } from 'antd';
import { useCan } from '../../../auth/useCan';
import { errorText } from '../../../api/envelope';
import type { Session } from '../../../session';
import { ImageBlock } from './settings/ImageBlock';
import { useProfile } from '../../../api/profile';
import { versionLabel } from './versionLabel';

/** The Profile tab: who the user is, their organisation, and the organisation's logo. */
export function ProfileTab({ session }: { session: Session }) {
  const profile = useProfile();
  const canChange = useCan('changelogo');

  if (profile.isPending) return <Skeleton active paragraph={{ rows: 5 }} />;
  if (profile.isError) return <Alert type="error" showIcon title={errorText(profile.error)} />;
  const p = profile.data;

  return (
    <>
      <Descriptions
        column={{ xs: 1, md: 2 }}
        size="middle"
        items={[
          {
            key: 'version',
            label: 'Version',
            children: <Tag color="blue">{versionLabel(p.proofmarkversion)}</Tag>,
          },
          { key: 'name', label: 'Name', children: `${p.fname} ${p.lname}`.trim() || '—' },
          { key: 'email', label: 'Email', children: p.email || '—' },
          { key: 'members', label: 'Members', children: p.members },
          { key: 'org', label: 'Organization', children: p.organization_name || '—' },
          {
            key: 'verifier',
            label: 'Verifier page',
            children: session.organization_verify_uri ? (
              <Typography.Link
                href={session.organization_verify_uri}
                target="_blank"
                rel="noreferrer"
                copyable
              >
                {session.organization_verify_uri}
              </Typography.Link>
            ) : (
              '—'
            ),
          },
        ]}
      />
      <div style={{ marginTop: 16 }}>
        <ImageBlock
          slot="logo"
          url={p.logoimage}
          readOnlyNote={canChange ? undefined : 'You need the change profile permission to change the logo.'}
        />
      </div>
    </>
  );
}
