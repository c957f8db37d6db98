import { Empty, Flex, Image, Modal, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { RecipientRow } from '@proofmark/shared/contract/recipients';
import type { CertificateType } from '@proofmark/shared/certificate-types';
import { recipientMessages as m } from '@proofmark/shared/recipients/messages';
import { useOrgScope } from '../../../auth/useOrgScope';
import { recipientsApi } from '../../../api/recipients';
import { fullName } from './recipient-rows';
import { failureText } from './notices';
import { recipientKeys } from '../../../api/recipients';

interface PhotoModalProps {
  row: Pick<RecipientRow, 'cohortid' | 'studentid' | 'field1' | 'field2' | 'field3'> | undefined;
  certtype: CertificateType;
  onClose: () => void;
}

/** Photo preview (§2.1, §7 preview photo: photoContent is a data URL, photoTitle its file name). */
export function PhotoModal({ row, certtype, onClose }: PhotoModalProps) {
  const org = useOrgScope();
  const photo = useQuery({
    queryKey: [...recipientKeys.all(org), 'photo', certtype, row?.cohortid, row?.studentid],
    queryFn: () => recipientsApi.photo(row!.cohortid, row!.studentid, certtype),
    select: (answer) => answer.data,
    enabled: row !== undefined,
  });
  return (
    <Modal
      open={row !== undefined}
      title={row === undefined ? 'Photo' : `Photo of ${fullName(row) || row.studentid}`}
      footer={null}
      onCancel={onClose}
      width={420}
    >
      <Flex vertical align="center" gap={8} style={{ minHeight: 200, justifyContent: 'center' }}>
        {photo.isPending ? (
          <Spin />
        ) : photo.isError ? (
          <Empty description={failureText(photo.error, m.noPhoto)} />
        ) : (
          <>
            <Image src={photo.data.photoContent} alt={photo.data.photoTitle} style={{ maxHeight: 360 }} />
            <Typography.Text type="secondary">{photo.data.photoTitle}</Typography.Text>
          </>
        )}
      </Flex>
    </Modal>
  );
}
