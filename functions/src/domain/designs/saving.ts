import type { SaveDesignRequest } from '@proofmark/shared/contract/designs';
import { designMessages } from '@proofmark/shared/contract/designs';
import { designProblems, type Design, type DesignProblem } from '@proofmark/shared/designs/model';
import { badRequest, conflict } from '@proofmark/shared/errors';
import { putObject } from '../../adapters/blobs';
import { designs } from '../../store/designs';
import { isConditionFailure } from '../../store/table';
import { objectKeys } from '../object-keys';
import { assetsOf } from './context';
import { cohortColumns, currentDesign } from './designs';
import { galleryDesign } from './gallery';
import { missingAssets } from './images';
import { renderBadgeImage } from './preview';

/**
 * Saving a design as the cohort's next version: everything is checked first and one record is
 * written, so a refused save leaves nothing; an open badge's image is rendered before its version
 * exists.
 */

/** Every problem of a design for this cohort and type, each naming its element; none: it may be saved. */
export const saveProblems = async (
  orgId: string,
  certtype: string,
  cohortid: string,
  d: Design,
): Promise<DesignProblem[]> => {
  const problems = designProblems(d, await cohortColumns(orgId, cohortid, certtype));
  if (certtype === 'openbadges' && !d.badge)
    problems.push({ path: 'design.badge', message: 'An open-badge design needs the achievement name.' });
  const missing = new Set(await missingAssets(orgId, assetsOf(d)));
  if (d.background.image && missing.has(d.background.image))
    problems.push({ path: 'design.background.image', message: 'The background image was not uploaded.' });
  d.elements.forEach((el, i) => {
    if (el.kind === 'image' && missing.has(el.asset))
      problems.push({ path: `elements.${i}.asset`, message: `Element "${el.id}" uses an image that was not uploaded.` });
  });
  return problems;
};

/** Saves the design as the cohort's next version and answers its number. */
export const saveDesign = async (
  orgId: string,
  savedBy: string,
  req: Omit<SaveDesignRequest, 'design' | 'certtype'> & { certtype: string; design: Design },
): Promise<number> => {
  if (!galleryDesign(req.galleryNumber))
    throw badRequest(`There is no gallery design ${req.galleryNumber}.`, [
      { path: 'galleryNumber', message: 'Unknown gallery design.' },
    ]);
  const problems = await saveProblems(orgId, req.certtype, req.cohort, req.design);
  if (problems.length) throw badRequest(problems[0]!.message, problems);
  // Two saves at once both read n: one writes n + 1, the other's create fails and reads again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const version = (await currentDesign(orgId, req.certtype, req.cohort)).version + 1;
    // An open badge's image is rendered from its design before the version exists, so a version
    // never lacks its image (a failed render saves nothing).
    if (req.certtype === 'openbadges')
      await putObject(
        'artefacts',
        objectKeys.designBadge(orgId, req.cohort, version),
        await renderBadgeImage(orgId, req.design),
        'image/png',
      );
    try {
      await designs()
        .create({
          orgId,
          certtype: req.certtype,
          cohortid: req.cohort,
          version,
          design: JSON.stringify(req.design),
          galleryNumber: req.galleryNumber,
          savedBy,
          savedAt: new Date().toISOString(),
        })
        .go({ response: 'none' });
      return version;
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  }
  throw conflict(designMessages.busy);
};

