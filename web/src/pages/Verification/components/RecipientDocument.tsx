import { useEffect, useMemo } from 'react';
import { Alert, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { CertificateType } from '@proofmark/shared/certificate-types';
import { recipientsApi } from '../../../api/recipients';
import { errorText } from '../../../api/envelope';
import { queryKeys } from '../../../auth/queryKeys';
import { useOrgScope } from '../../../auth/useOrgScope';

/** A data URL as a blob URL: Chromium shows a PDF from a blob in a frame, not from a data URL. */
function useBlobUrl(dataUrl: string | undefined): string | undefined {
  const url = useMemo(() => {
    if (dataUrl === undefined) return undefined;
    const [head, base64 = ''] = dataUrl.split(',', 2);
    const type = /^data:([^;]+)/.exec(head ?? '')?.[1] ?? 'application/octet-stream';
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    return URL.createObjectURL(new Blob([bytes], { type }));
  }, [dataUrl]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/** The document uploaded for a recipient (their PDF, else their photo), embedded in the modal (§2.6). */
export function RecipientDocument(props: { cohort: string; student: string; certtype: CertificateType }) {
  const org = useOrgScope();
  const doc = useQuery({
    queryKey: [...queryKeys.org(org), 'recipient-document', props.certtype, props.cohort, props.student],
    queryFn: () => recipientsApi.document(props.cohort, props.student, props.certtype),
    select: (answer) => answer.data,
    retry: false,
  });
  const url = useBlobUrl(doc.data?.kind === 'pdf' ? doc.data.content : undefined);

  if (doc.isPending) return <Skeleton.Image active style={{ width: '100%', height: 240 }} />;
  if (doc.isError) return <Alert type="info" showIcon title={errorText(doc.error)} />;
  if (doc.data.kind === 'image')
    return (
      <img
        src={doc.data.content}
        alt={`Photo of ${props.student}`}
        style={{ maxWidth: '100%', maxHeight: 420 }}
      />
    );
  return (
    <iframe
      title={`Document of ${props.student}`}
      src={url}
      style={{ width: '100%', height: 420, border: '1px solid #e6e9f0', borderRadius: 8 }}
    />
  );
}
