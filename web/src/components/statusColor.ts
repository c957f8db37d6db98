import { isIssuedStatus, recipientStatus } from '@proofmark/shared/recipients/rules';

/** The tag colour of a recipient or certificate status, the same on every screen. */
export function statusColor(status: string): string | undefined {
  if (status === recipientStatus.invitePending) return 'gold';
  if (status === recipientStatus.pkReceived) return 'blue';
  if (status === recipientStatus.generated) return 'cyan';
  if (status === recipientStatus.sentForReview) return 'purple';
  if (status === recipientStatus.hold) return 'orange';
  if (status === 'Scheduled' || status === 'Issuing') return 'geekblue';
  if (/revoked/i.test(status)) return 'red';
  if (isIssuedStatus(status)) return 'green';
  return undefined;
}
