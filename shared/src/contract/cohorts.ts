import { cohortsData, createCohortRequest, createdCohortData, listCohortsQuery } from '../api/recipients';
import { anyMember, defineRoutes, writer } from './define';

/** /api/cohorts: the recipients screen's cohorts. */
export const cohortsRoutes = defineRoutes({
  'GET /api/cohorts': { access: anyMember, query: listCohortsQuery, data: cohortsData },
  'POST /api/cohorts': { access: writer('uploadmember'), body: createCohortRequest, data: createdCohortData },
});
