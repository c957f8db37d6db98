import type { CertificateType } from '@proofmark/shared/certificate-types';
import { getObjectBytes } from '../../adapters/blobs';
import type { CertificateDesign, CertificateRecipient, Signature } from '../../render/model';
import type { PrintableType } from '../../render/kinds';
import type { OrgSettings } from '../settings/org-settings';
import { verifierPageUrl } from '../public-urls';
import type { RecipientItem } from '../recipients/recipient-store';
import type { OrgRecord } from '../accounts/users';

/**
 * What a certificate looks like: the organisation's design (one per certificate type, shared by a
 * whole batch so the renderer loads its page once) and one row's recipient. Generate (PDF/PNG),
 * preview (HTML) and issue (the credential's display) all build from these, so they agree.
 */

/** OpenBadges are baked images, not pages: their generated certificate uses the award design. */
const printableType = (certtype: string): PrintableType =>
  certtype === 'openbadges' ? 'awards' : (certtype as PrintableType);

const dataUri = async (key: string | undefined, contentType: string | undefined) => {
  if (!key) return undefined;
  const bytes = await getObjectBytes('artefacts', key);
  // The renderer fetches nothing, so images travel inside the page as data: URIs.
  return bytes
    ? `data:${contentType ?? 'image/png'};base64,${Buffer.from(bytes).toString('base64')}`
    : undefined;
};

/**
 * The design of a certificate type for an organisation: its name (issuer name from the settings
 * first), logo and signature image. The title is the type's own wording (render/kinds.ts), e.g.
 * 'Degree Certificate' for the type labelled 'Degree'.
 */
export const certificateDesignFor = async (
  org: Pick<OrgRecord, 'name'>,
  settings: OrgSettings,
  certtype: CertificateType | string,
): Promise<CertificateDesign> => {
  const name = settings.issuername || org.name;
  const [logo, signatureImage] = await Promise.all([
    dataUri(settings.logoKey, settings.logoContentType),
    dataUri(settings.signatureKey, settings.signatureContentType),
  ]);
  const signatures: Signature[] = signatureImage
    ? [{ name, role: 'Authorised Signatory', image: signatureImage }]
    : [];
  return {
    type: printableType(certtype),
    organisation: { name, ...(logo ? { logo } : {}) },
    ...(signatures.length ? { signatures } : {}),
  };
};

export const recipientName = (row: Pick<RecipientItem, 'firstname' | 'middlename' | 'lastname'>) =>
  [row.firstname, row.middlename, row.lastname]
    .map((s) => (s ?? '').trim())
    .filter(Boolean)
    .join(' ');

/**
 * One row's side of the certificate: name, date (issued, else generated, else today), up to four
 * details from the uploaded extra fields, the Kruti Dev flag, and the verifier link of the QR code
 * (its certUuid once generated).
 */
export const certificateRecipientFor = (
  row: Pick<
    RecipientItem,
    | 'firstname'
    | 'middlename'
    | 'lastname'
    | 'extra'
    | 'fontflag'
    | 'certUuid'
    | 'generatedAt'
    | 'issuedAt'
    | 'studentid'
  >,
  slug: string,
): CertificateRecipient => ({
  name: recipientName(row),
  date: (row.issuedAt ?? row.generatedAt ?? new Date().toISOString()).slice(0, 10),
  verifyUrl: verifierPageUrl(slug, row.certUuid),
  ...(row.certUuid ? { certificateId: row.certUuid } : {}),
  details: Object.entries(row.extra ?? {})
    .filter(([, v]) => String(v ?? '').trim())
    .slice(0, 4)
    .map(([label, value]) => ({ label, value: String(value) })),
  ...(row.fontflag ? { fontFlag: row.fontflag } : {}),
});
