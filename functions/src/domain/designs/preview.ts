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

const withRenderer = keptRenderer({ pages: 1, keepMs: 120_000, whenBusy: 'wait' });

/** One page as a PNG at 96 dpi, on the kept browser. */
export const renderPng = (prepared: PreparedDesign, recipient: CertificateRecipient) =>
  withRenderer(async (renderer) => {
    for await (const out of renderer.renderBatch([{ id: 'page', design: prepared, recipient }], {
      pdf: false,
      png: true,
      pngScale: 1,
    })) {
      if (out.error || !out.png) throw new Error(out.error ?? 'the page did not render');
      return out.png;
    }
    throw new Error('the page did not render');
  });

/** An open badge's image: the badge design rendered once for the organisation (no recipient on it). */
export const renderBadgeImage = async (orgId: string, design: Design): Promise<Uint8Array> => {
  const [org, settings] = await Promise.all([getOrg(orgId), getOrgSettings(orgId)]);
  if (!org) throw notFound();
  const prepared = await prepareDesign(org, settings, design);
  return renderPng(prepared, certificateRecipientFor({ ...SAMPLE, certUuid: 'badge' }, org.verifierSlug));
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
  const png = await renderPng(prepared, recipient);
  return {
    image: `data:image/png;base64,${Buffer.from(png).toString('base64')}`,
    recipient: recipientName(source),
  };
};
