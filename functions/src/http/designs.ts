import { designMessages as m, designsRoutes } from '@proofmark/shared/contract/designs';
import { notFound } from '@proofmark/shared/errors';
import { getOrg } from '../domain/accounts/users';
import { assetsOf, signatoriesOf } from '../domain/designs/context';
import { cohortColumns, currentDesign, listVersions } from '../domain/designs/designs';
import { saveDesign } from '../domain/designs/saving';
import { imageUrls, uploadDesignImage } from '../domain/designs/images';
import { previewDesign } from '../domain/designs/preview';
import { galleryFor } from '../domain/designs/thumbnails';
import { getOrgSettings } from '../domain/settings/org-settings';
import { presignedGetUrl } from '../adapters/blobs';
import { imageBody } from './image-body';
import { httpGroup } from './route-group';

/**
 * /api/designs: its own function because the preview and the gallery thumbnails render with
 * Chromium (puppeteer-core and the browser are installed beside the bundle, as for generate).
 */
export const handler = httpGroup(designsRoutes, {
  'GET /api/designs/gallery': async ({ query }) => ({ data: { designs: await galleryFor(query.certtype) } }),
  'GET /api/designs': async ({ query }, { caller }) => {
    const { orgId } = caller;
    const [org, settings, current, versions, columns] = await Promise.all([
      getOrg(orgId),
      getOrgSettings(orgId),
      currentDesign(orgId, query.certtype, query.cohort),
      listVersions(orgId, query.certtype, query.cohort),
      cohortColumns(orgId, query.cohort, query.certtype),
    ]);
    if (!org) throw notFound();
    return {
      data: {
        current,
        versions,
        columns,
        signatories: signatoriesOf(org, settings).map(({ name, role }) => ({ name, role })),
        images: await imageUrls(orgId, assetsOf(current.design)),
        logo: settings.logoKey ? await presignedGetUrl('artefacts', settings.logoKey) : null,
        organisation: settings.issuername || org.name,
      },
    };
  },
  'POST /api/designs': async ({ body }, { caller, user }) => {
    const version = await saveDesign(caller.orgId, user.email, body);
    return { message: m.saved(version), data: { version } };
  },
  'POST /api/designs/preview': async ({ body }, { caller }) => ({
    data: await previewDesign(caller.orgId, body),
  }),
  'POST /api/designs/images': async (_input, { caller, event }) => ({
    message: m.imageUploaded,
    data: await uploadDesignImage(caller.orgId, imageBody(event)),
  }),
});
