import { useState } from 'react';
import { Flex, Tag, Typography } from 'antd';
import { storageTypeLabels, storageTypes } from '@proofmark/shared/contract/profile';
import type { ProfileData, StorageType } from '@proofmark/shared/contract/profile';
import { AzureBlock } from './AzureBlock';
import { ChooserCard } from './ChooserCard';
import { FtpBlock } from './FtpBlock';
import { GdriveBlock } from './GdriveBlock';
import { LocalBlock } from './LocalBlock';
import { S3Block } from './S3Block';

const order: StorageType[] = [
  storageTypes.s3,
  storageTypes.azure,
  storageTypes.gdrive,
  storageTypes.ftp,
  storageTypes.local,
];
const hints: Record<StorageType, string> = {
  1: 'Proofmark’s own bucket, or an S3 bucket of yours.',
  2: 'A container in your Azure storage account.',
  3: 'A folder in your Google Drive.',
  4: 'A folder on your FTP server.',
  5: 'A folder on the server Proofmark runs on.',
};

/**
 * Where certificates are stored (spec §3 storagetype): the chosen type decides which block shows
 * (spec §4); saving a block makes it the organisation's storage.
 */
export function StorageSettings({ profile, readOnlyNote }: { profile: ProfileData; readOnlyNote?: string }) {
  const [type, setType] = useState<StorageType>(profile.storagetype);
  const readOnly = readOnlyNote !== undefined;
  const active = profile.storagetype === type;
  const blockProps = { profile, readOnly };
  const ownBucket = profile.storagetype === storageTypes.s3 && profile.proofmarkorcustomer === 'proofmark';

  return (
    <ChooserCard
      title="Storage"
      description="Where issued certificates and their files are kept. Choose a type, fill in its block and save it to make it active."
      readOnlyNote={readOnlyNote}
      inUse={storageTypeLabels[profile.storagetype] + (ownBucket ? ' (Proofmark)' : '')}
      chooserLabel="Storage type"
      value={type}
      onChange={setType}
      options={order.map((t) => ({ value: t, label: storageTypeLabels[t] }))}
    >
      <Flex align="center" gap={8} style={{ marginBottom: 12 }}>
        <Typography.Text strong>{storageTypeLabels[type]}</Typography.Text>
        <Typography.Text type="secondary">{hints[type]}</Typography.Text>
        {!active && <Tag style={{ marginInlineEnd: 0 }}>Not active — save to switch</Tag>}
      </Flex>
      {type === storageTypes.s3 && <S3Block {...blockProps} />}
      {type === storageTypes.azure && <AzureBlock {...blockProps} />}
      {type === storageTypes.gdrive && <GdriveBlock {...blockProps} />}
      {type === storageTypes.ftp && <FtpBlock {...blockProps} />}
      {type === storageTypes.local && <LocalBlock {...blockProps} />}
    </ChooserCard>
  );
}
