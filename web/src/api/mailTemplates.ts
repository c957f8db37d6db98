import { useQuery } from '@tanstack/react-query';
import type { MailKind } from '@proofmark/shared/mail-templates/rules';
import { queryKeys } from '../auth/queryKeys';
import { useOrgScope } from '../auth/useOrgScope';
import { answer } from './client';

/** The mail template calls, typed from the contract (shared/src/contract/mail-templates.ts). */
export const mailTemplatesApi = {
  get: (cohort: string, kind: MailKind) => answer('GET /api/mail-templates', { query: { cohort, kind } }),
  save: (body: { cohort: string; kind: MailKind; subject: string; html: string }) =>
    answer('POST /api/mail-templates', { body }),
  preview: (body: { cohort: string; kind: MailKind; subject: string; html: string }, signal?: AbortSignal) =>
    answer('POST /api/mail-templates/preview', { body }, { signal }),
  test: (cohort: string, kind: MailKind) =>
    answer('POST /api/mail-templates/test', { body: { cohort, kind } }),
  run: (id: string) => answer('GET /api/workspace/runs/{id}', { params: { id } }),
};

export const mailTemplateKey = (org: string, cohort: string, kind: MailKind) =>
  [...queryKeys.org(org), 'mail-template', cohort, kind] as const;

/** The cohort's template in use (saved, or the default as version 0). */
export function useMailTemplate(cohort: string, kind: MailKind | undefined) {
  const org = useOrgScope();
  return useQuery({
    queryKey: mailTemplateKey(org, cohort, kind ?? 'certificate'),
    queryFn: () => mailTemplatesApi.get(cohort, kind!),
    select: (a) => a.data,
    enabled: cohort !== '' && kind !== undefined,
  });
}
