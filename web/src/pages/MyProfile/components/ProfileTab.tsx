import { Descriptions, Divider, Typography } from 'antd';
import { IdcardOutlined } from '../../../components/icons';
import type { Session } from '../../../session';
import { TabComingSoon } from './TabComingSoon';

/** What is known of the user today, and the profile editing still to come. */
export function ProfileTab({ session }: { session: Session }) {
  return (
    <>
      <Descriptions
        column={{ xs: 1, md: 2 }}
        size="middle"
        items={[
          { key: 'name', label: 'Name', children: `${session.fname} ${session.lname}`.trim() || '—' },
          { key: 'email', label: 'Email', children: session.email || '—' },
          { key: 'org', label: 'Organization', children: session.organization_name || '—' },
          {
            key: 'verifier',
            label: 'Verifier page',
            children: session.organization_verify_uri ? (
              <Typography.Link href={session.organization_verify_uri} target="_blank" rel="noreferrer" copyable>
                {session.organization_verify_uri}
              </Typography.Link>
            ) : (
              '—'
            ),
          },
        ]}
      />
      <Divider style={{ margin: '8px 0 0' }} />
      <TabComingSoon
        icon={<IdcardOutlined />}
        title="Profile editing"
        description="Soon you can edit your organization’s details here and upload the logo shown on certificates and on your verifier page."
        features={['Certificate version', 'Members per year', 'Organization logo']}
      />
    </>
  );
}
