import type { CertificateType } from '@proofmark/shared/certificate-types';
import type { DesignVersionView } from '@proofmark/shared/contract/designs';
import { BUILT_IN_FIELDS, design as designSchema, fieldKey, type Design } from '@proofmark/shared/designs/model';
import { getObjectBytes } from '../../adapters/blobs';
import { designs } from '../../store/designs';
import { sampleCohortRows } from '../recipients/recipient-store';
import { objectKeys } from '../object-keys';
import { defaultDesign } from './gallery';

/**
 * A cohort's designs for one certificate type: numbered versions that never change (store/designs.ts),
 * the highest being current. A cohort that saved none is issued with the gallery default
 * (version 0). Saving is saving.ts (it renders, so only the designs function carries it).
 */

export interface StoredDesign extends DesignVersionView {
  design: Design;
}

const DEFAULT_NUMBER = 1;
const BADGE_DEFAULT_NUMBER = 9;

const defaultVersion = (certtype: string): StoredDesign => ({
  version: 0,
  galleryNumber: certtype === 'openbadges' ? BADGE_DEFAULT_NUMBER : DEFAULT_NUMBER,
  savedAt: '',
  savedBy: '',
  design: defaultDesign(certtype as CertificateType),
});

type DesignRecord = { version: number; galleryNumber: number; savedAt: string; savedBy: string; design: string };
const view = (r: DesignRecord): DesignVersionView => ({
  version: r.version,
  galleryNumber: r.galleryNumber,
  savedAt: r.savedAt,
  savedBy: r.savedBy,
});
// Stored designs were valid when saved; parsing again fills defaults a later schema may add.
const stored = (r: DesignRecord): StoredDesign => ({ ...view(r), design: designSchema.parse(JSON.parse(r.design)) });

export const currentDesign = async (orgId: string, certtype: string, cohortid: string): Promise<StoredDesign> => {
  const { data } = await designs()
    .query.byCohort({ orgId, certtype, cohortid })
    .go({ order: 'desc', limit: 1, consistent: true });
  return data[0] ? stored(data[0]) : defaultVersion(certtype);
};

/** One version as saved (0: the gallery default); a version that does not exist is an error. */
export const designAt = async (
  orgId: string,
  certtype: string,
  cohortid: string,
  version: number,
): Promise<StoredDesign> => {
  if (version === 0) return defaultVersion(certtype);
  const { data } = await designs().get({ orgId, certtype, cohortid, version }).go({ consistent: true });
  if (!data) throw new Error(`design version ${version} of ${cohortid}/${certtype} does not exist`);
  return stored(data);
};

/** Newest first; at most the last 200. */
export const listVersions = async (orgId: string, certtype: string, cohortid: string) =>
  (
    await designs().query.byCohort({ orgId, certtype, cohortid }).go({ order: 'desc', limit: 200 })
  ).data.map(view);

/** The current version of each cohort: what a generate run fixes when it starts. */
export const currentVersions = async (orgId: string, certtype: string, cohorts: readonly string[]) =>
  Object.fromEntries(
    await Promise.all(
      [...new Set(cohorts)].map(async (c) => [c, (await currentDesign(orgId, certtype, c)).version] as const),
    ),
  ) as Record<string, number>;

const ROWS_FOR_COLUMNS = 50;

/** The cohort's own sheet columns (the extra fields of its rows), for placeholders. */
export const cohortColumns = async (orgId: string, cohortid: string, certtype: string): Promise<string[]> => {
  const rows = await sampleCohortRows(orgId, cohortid, certtype, ROWS_FOR_COLUMNS);
  const builtIn = new Set(Object.keys(BUILT_IN_FIELDS));
  const columns = new Map<string, string>();
  for (const r of rows)
    for (const k of Object.keys(r.extra ?? {}))
      if (!builtIn.has(fieldKey(k)) && !columns.has(fieldKey(k))) columns.set(fieldKey(k), k);
  return [...columns.values()];
};

/**
 * What Bake issues for a cohort's open badges: the current open-badge design's achievement (name,
 * description, criteria) and the image rendered from it when it was saved; undefined for a cohort
 * that saved no open-badge design (the default achievement and image).
 */
export const badgeDesignFor = async (orgId: string, cohortid: string) => {
  const current = await currentDesign(orgId, 'openbadges', cohortid);
  if (current.version === 0 || !current.design.badge) return undefined;
  const image = await getObjectBytes('artefacts', objectKeys.designBadge(orgId, cohortid, current.version));
  return { version: current.version, achievement: current.design.badge, ...(image ? { image } : {}) };
};
