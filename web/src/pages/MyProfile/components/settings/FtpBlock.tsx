import { ftpUpdate } from '@proofmark/shared/contract/profile';
import type { ProfileData } from '@proofmark/shared/contract/profile';
import { useSettingsBlock } from './blockForm';
import { BlockForm } from './BlockForm';
import { FieldGrid } from './FieldGrid';
import { TestConnectionButton } from './TestConnectionButton';

interface Values {
  host: string;
  user: string;
  password: string;
}

/** FTP storage: host (or host:port), user, password (spec §5: 'Please enter correct FTP account.'). */
export function FtpBlock({ profile, readOnly }: { profile: ProfileData; readOnly: boolean }) {
  const block = useSettingsBlock<Values>('ftpinformation', ftpUpdate, ['password']);
  return (
    <BlockForm
      block={block}
      label="FTP"
      readOnly={readOnly}
      initialValues={{ host: profile.ftphost, user: profile.ftpuser, password: '' }}
      extra={<TestConnectionButton values={block.validated} />}
    >
      <FieldGrid
        rule={block.rule}
        fields={[
          {
            name: 'host',
            label: 'FTP host',
            md: 8,
            placeholder: 'ftp.example.com:21',
            dependencies: ['user'],
          },
          { name: 'user', label: 'FTP user', md: 8, dependencies: ['host'] },
          { name: 'password', label: 'FTP password', md: 8, secret: profile.ftppassword, unchecked: true },
        ]}
      />
    </BlockForm>
  );
}
