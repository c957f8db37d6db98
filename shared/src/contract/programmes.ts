import * as z from 'zod';
import { anyMember, defineRoutes, writer } from './define';
import { certType } from './recipients';

const flag01 = z.coerce.number().int().min(0).max(1).default(0);

export const programmeListQuery = z.object({
  undergraduate: flag01,
  postgraduate: flag01,
  paid: flag01,
  /** 1 batches, 2 paid items, 3 both. */
  mode: z.coerce.number().int().min(1).max(3).default(3),
});
export const programmeBatch = z.object({
  id: z.string(),
  label: z.string(),
  level: z.enum(['undergraduate', 'postgraduate']),
  paid: z.boolean(),
  students: z.number().int(),
});
export const programmeListData = z.object({
  batchdata: z.array(programmeBatch),
  paiddata: z.array(z.object({ id: z.string(), label: z.string(), batchId: z.string() })),
});
export type ProgrammeListData = z.infer<typeof programmeListData>;

export const programmeImportRequest = z.object({
  undergraduate: flag01,
  postgraduate: flag01,
  paid: flag01,
  selected: z.array(z.string().min(1)).default([]),
  semester: z.coerce.number().int().min(1).max(10).optional(),
  year: z.coerce.number().int().min(1).max(6).optional(),
  certtype: certType,
});
export type ProgrammeImportRequest = z.infer<typeof programmeImportRequest>;
export const programmeImportData = z.object({ cohorts: z.number().int(), students: z.number().int() });

/** /api/programmes: programme import (recipients from the programme source). */
export const programmesRoutes = defineRoutes({
  'GET /api/programmes': { access: anyMember, query: programmeListQuery, data: programmeListData },
  'POST /api/programmes/import': {
    access: writer('uploadmember'),
    body: programmeImportRequest,
    data: programmeImportData,
  },
});
