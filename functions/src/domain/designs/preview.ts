import type { PreviewDesignData } from '@proofmark/shared/contract/designs';
import { designProblems, type Design } from '@proofmark/shared/designs/model';
import { badRequest, notFound } from '@proofmark/shared/errors';
import { keptRenderer } from '../../render/kept-renderer';
import type { CertificateRecipient, PreparedDesign } from '../../render/model';
import { getOrg } from '../accounts/users';
import { sampleCohortRows } from '../recipients/recipient-store';
import { getOrgSettings } from '../settings/org-settings';
import { photoFor, prepareDesign } from './context';
import { certificateRecipientFor, recipientName, type RecipientSource } from './recipient-fields';

/**
 * Step 3's preview: the design rendered for a sample recipient of the cohort (its first row) by the
 * renderer generate uses — same page builder, same Chromium — so what the screen shows is what is
 * issued. One browser is kept warm between previews and they queue for it: a preview costs a design
 * load and a screenshot, a fraction of a browser launch.
 */

const withRenderer = keptRenderer({ pages: 1, keepMs: 120_000 });

/**
 * One page as an image at 96 dpi on the kept browser: a PNG for an open badge's image (what Bake
 * puts in the credential), a JPEG for a certificate's preview (a fifth of the bytes, half the time).
 */
export const renderImage = (
  prepared: PreparedDesign,
  recipient: CertificateRecipient,
  type: 'png' | 'jpeg',
) =>
  withRenderer(async (renderer) => {
    for await (const out of renderer.renderBatch([{ id: 'page', design: prepared, recipient }], {
      pdf: false,
      png: type === 'png',
      pngScale: 1,
      jpeg: type === 'jpeg',
    })) {
      const image = type === 'png' ? out.png : out.jpeg;
      if (out.error || !image) throw new Error(out.error ?? 'the page did not render');
      return image;
    }
    throw new Error('the page did not render');
  });

/** An open badge's image: the badge design rendered once for the organisation (no recipient on it). */
export const renderBadgeImage = async (orgId: string, design: Design): Promise<Uint8Array> => {
  const [org, settings] = await Promise.all([getOrg(orgId), getOrgSettings(orgId)]);
  if (!org) throw notFound();
  const prepared = await prepareDesign(org, settings, design);
  return renderImage(
    prepared,
    certificateRecipientFor({ ...SAMPLE, certUuid: 'badge' }, org.verifierSlug),
    'png',
  );
};

/** A made-up recipient for a cohort without rows (or none chosen). */
const SAMPLE: RecipientSource = {
  firstname: 'Priya',
  middlename: '',
  lastname: 'Sharma',
  studentid: 'S-0001',
  email: 'priya.sharma@example.org',
  extra: { Programme: 'Bachelor of Science', Grade: 'A' },
};

export const previewDesign = async (
  orgId: string,
  req: { cohort: string; certtype: string; design: Design },
): Promise<PreviewDesignData> => {
  const problems = designProblems(req.design);
  if (problems.length) throw badRequest(problems[0]!.message, problems);
  const [org, settings, rows] = await Promise.all([
    getOrg(orgId),
    getOrgSettings(orgId),
    req.cohort ? sampleCohortRows(orgId, req.cohort, req.certtype, 1) : Promise.resolve([]),
  ]);
  if (!org) throw notFound();
  const row = rows[0];
  const prepared = await prepareDesign(org, settings, req.design);
  const source: RecipientSource = row ?? SAMPLE;
  const recipient = certificateRecipientFor(
    { ...source, certUuid: source.certUuid ?? 'PREVIEW' },
    org.verifierSlug,
    row ? await photoFor(req.design, row) : undefined,
  );
  // An open badge's preview is its badge image itself, byte for byte.
  const type = req.certtype === 'openbadges' ? 'png' : 'jpeg';
  const image = await renderImage(prepared, recipient, type);
  return {
    image: `data:image/${type};base64,${Buffer.from(image).toString('base64')}`,
    recipient: recipientName(source),
  };
};
