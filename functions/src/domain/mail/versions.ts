import {
  defaultMailTemplates,
  type MailKind,
  type MailTemplateText,
} from '@proofmark/shared/mail-templates/rules';
import type { MailTemplateView } from '@proofmark/shared/contract/mail-templates';
import { mailTemplates } from '../../store/mail-templates';

/**
 * A cohort's mail templates, one kind at a time: numbered versions that never change
 * (store/mail-templates.ts), the highest being current; a cohort that saved none uses the default
 * (version 0). A run reads the current version of each cohort once, when it starts
 * (`currentTemplateVersions`), and every mail of the run uses that version (`templateAt`).
 */

const defaultVersion = (kind: MailKind): MailTemplateView => ({
  kind,
  version: 0,
  ...defaultMailTemplates[kind],
  savedAt: '',
  savedBy: '',
  isDefault: true,
});

type Stored = {
  kind: string;
  version: number;
  subject: string;
  html: string;
  savedAt: string;
  savedBy: string;
};
export const view = (r: Stored): MailTemplateView => ({
  kind: r.kind as MailKind,
  version: r.version,
  subject: r.subject,
  html: r.html,
  savedAt: r.savedAt,
  savedBy: r.savedBy,
  isDefault: false,
});

export const currentTemplate = async (
  orgId: string,
  kind: MailKind,
  cohortid: string,
): Promise<MailTemplateView> => {
  const { data } = await mailTemplates()
    .query.byCohort({ orgId, kind, cohortid })
    .go({ order: 'desc', limit: 1, consistent: true });
  return data[0] ? view(data[0]) : defaultVersion(kind);
};

/** One version as saved (0: the default); a version that does not exist is an error. */
export const templateAt = async (
  orgId: string,
  kind: MailKind,
  cohortid: string,
  version: number,
): Promise<MailTemplateText> => {
  if (version === 0) return defaultMailTemplates[kind];
  const { data } = await mailTemplates().get({ orgId, kind, cohortid, version }).go({ consistent: true });
  if (!data) throw new Error(`mail template version ${version} of ${cohortid}/${kind} does not exist`);
  return { subject: data.subject, html: data.html };
};

/** The current version of each cohort's template: what a run fixes when it starts. */
export const currentTemplateVersions = async (
  orgId: string,
  kind: MailKind,
  cohorts: readonly string[],
): Promise<Record<string, number>> =>
  Object.fromEntries(
    await Promise.all(
      [...new Set(cohorts)].map(async (c) => [c, (await currentTemplate(orgId, kind, c)).version] as const),
    ),
  );

/** A run's templates, each read once: `get(cohort)` answers the version the run fixed for it. */
export const runTemplates = (orgId: string, kind: MailKind, versions: Record<string, number> | undefined) => {
  const cache = new Map<string, Promise<MailTemplateText>>();
  return (cohortid: string) => {
    let t = cache.get(cohortid);
    if (!t) {
      // A run queued before templates existed carries no versions: it uses the defaults.
      t = templateAt(orgId, kind, cohortid, versions?.[cohortid] ?? 0);
      cache.set(cohortid, t);
    }
    return t;
  };
};
