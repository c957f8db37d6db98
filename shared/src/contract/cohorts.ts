import * as z from 'zod';
import { recipientMessages as m } from '../recipients/messages';
import { validCohortId } from '../recipients/rules';
import { anyMember, defineRoutes, writer } from './define';
import { certType } from './recipients';

const cohortId = z.string().trim().refine(validCohortId, { message: m.cohortIdInvalid });

export const listCohortsQuery = z.object({ certtype: certType });
export const cohortOption = z.object({
  label: z.string(),
  value: z.string(),
  country: z.string(),
  /** Recipients of the requested certificate type in the cohort. */
  count: z.number().int(),
});
export type CohortOptionView = z.infer<typeof cohortOption>;
export const cohortsData = z.object({
  Data: z.array(cohortOption),
  /** JSON text mapping a template number to its name (§3). */
  Templates: z.string(),
  cohortsearchmode: z.union([z.literal(0), z.literal(1)]),
  /** Dropdown id (`cohort_0`, `cohort_1`, ...) → options; an option shows when its parent equals the parts chosen before. */
  cohortdropwdownarray: z.record(
    z.string(),
    z.array(z.object({ label: z.string(), value: z.string(), parent: z.string() })),
  ),
});
export type CohortsData = z.infer<typeof cohortsData>;

export const createCohortRequest = z.object({
  cohortid: cohortId,
  country: z.string().trim().max(60).default(''),
});
export const createdCohortData = z.object({ cohortid: z.string() });

/** /api/cohorts: the recipients screen's cohorts. */
export const cohortsRoutes = defineRoutes({
  'GET /api/cohorts': { access: anyMember, query: listCohortsQuery, data: cohortsData },
  'POST /api/cohorts': { access: writer('uploadmember'), body: createCohortRequest, data: createdCohortData },
});
