import type { Design } from '@proofmark/shared/designs/model';
import { getObjectBytes } from '../../adapters/blobs';
import type { DesignContext, PreparedDesign, Signature } from '../../render/model';
import type { OrgRecord } from '../accounts/users';
import type { OrgSettings } from '../settings/org-settings';
import { designImageKey } from './images';

// The renderer fetches nothing, so images travel inside the page as data: URIs.
const dataUri = async (key: string | undefined, contentType: string | undefined) => {
  if (!key) return undefined;
  const bytes = await getObjectBytes('artefacts', key);
  return bytes ? `data:${contentType ?? 'image/png'};base64,${Buffer.from(bytes).toString('base64')}` : undefined;
};

/**
 * Who signs: the partner signatories of Setting → partner (name and designation), the first with
 * the organisation's uploaded signature image; without partners, the organisation itself when it
 * uploaded a signature.
 */
export const signatoriesOf = (org: Pick<OrgRecord, 'name'>, settings: OrgSettings): Signature[] => {
  const partners = settings.partnercompany?.signatories ?? [];
  if (partners.length) return partners.map((p) => ({ name: p.signaturename, role: p.designername }));
  return settings.signatureKey
    ? [{ name: settings.issuername || org.name, role: 'Authorised Signatory' }]
    : [];
};

/** The recipient's photo as a data: URI, loaded only for a design that shows photos. */
export const photoFor = async (
  design: Design,
  row: { photoKey?: string; photoContentType?: string },
): Promise<string | undefined> =>
  design.elements.some((e) => e.kind === 'photo') ? dataUri(row.photoKey, row.photoContentType) : undefined;

/** Image assets a design uses (background and image elements). */
export const assetsOf = (design: Design): string[] => [
  ...new Set([
    ...(design.background.image ? [design.background.image] : []),
    ...design.elements.flatMap((e) => (e.kind === 'image' ? [e.asset] : [])),
  ]),
];

/**
 * A design with what the organisation supplies to it: its name (issuer name from the settings
 * first), logo, signatories and the design's images, loaded once for a whole batch.
 */
export const prepareDesign = async (
  org: Pick<OrgRecord, 'name' | 'orgId'>,
  settings: OrgSettings,
  design: Design,
): Promise<PreparedDesign> => {
  const assets = assetsOf(design);
  const [logo, signatureImage, ...images] = await Promise.all([
    dataUri(settings.logoKey, settings.logoContentType),
    dataUri(settings.signatureKey, settings.signatureContentType),
    ...assets.map((a) => getObjectBytes('artefacts', designImageKey(org.orgId, a))),
  ]);
  const signatures = signatoriesOf(org, settings);
  if (signatures[0] && signatureImage) signatures[0] = { ...signatures[0], image: signatureImage };
  const context: DesignContext = {
    organisation: settings.issuername || org.name,
    ...(logo ? { logo } : {}),
    signatures,
    images: Object.fromEntries(
      assets.flatMap((a, i) => {
        const bytes = images[i];
        if (!bytes) return [];
        const type = bytes[0] === 0x89 ? 'image/png' : 'image/jpeg';
        return [[a, `data:${type};base64,${Buffer.from(bytes).toString('base64')}`]];
      }),
    ),
  };
  return { design, context };
};
