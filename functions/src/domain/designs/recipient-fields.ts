import type { CertificateRecipient } from '../../render/model';
import { verifierPageUrl } from '../public-urls';
import type { RecipientItem } from '../recipients/recipient-store';

/** The columns every sheet has (shared/src/recipients/README.md); the rest are the row's own. */
export const recipientName = (row: Pick<RecipientItem, 'firstname' | 'middlename' | 'lastname'>) =>
  [row.firstname, row.middlename, row.lastname]
    .map((s) => (s ?? '').trim())
    .filter(Boolean)
    .join(' ');

export type RecipientSource = Pick<
  RecipientItem,
  | 'firstname'
  | 'middlename'
  | 'lastname'
  | 'studentid'
  | 'email'
  | 'extra'
  | 'fontflag'
  | 'certUuid'
  | 'generatedAt'
  | 'issuedAt'
>;

/**
 * One row's side of the certificate: the value of every placeholder (name parts, student id, email,
 * date — issued, else generated, else today — certificate number and each sheet column by its
 * header), up to four details from the extra columns, the Kruti Dev flag, the verifier link of the
 * QR code (its certUuid once generated) and the photo when the caller loaded it.
 */
export const certificateRecipientFor = (
  row: RecipientSource,
  slug: string,
  photo?: string,
): CertificateRecipient => {
  const extra = Object.entries(row.extra ?? {}).filter(([, v]) => String(v ?? '').trim());
  return {
    fields: {
      ...Object.fromEntries(extra.map(([k, v]) => [k, String(v)])),
      name: recipientName(row),
      firstname: row.firstname ?? '',
      middlename: row.middlename ?? '',
      lastname: row.lastname ?? '',
      studentid: row.studentid,
      email: row.email ?? '',
      date: (row.issuedAt ?? row.generatedAt ?? new Date().toISOString()).slice(0, 10),
      certificateid: row.certUuid ?? '',
    },
    verifyUrl: verifierPageUrl(slug, row.certUuid),
    details: extra.slice(0, 4).map(([label, value]) => ({ label, value: String(value) })),
    ...(photo ? { photo } : {}),
    ...(row.fontflag ? { fontFlag: row.fontflag } : {}),
  };
};
