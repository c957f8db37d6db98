import { badRequest } from '@proofmark/shared/errors';
import { settingsMessages as m } from '@proofmark/shared/settings/messages';
import type { SmtpConfig } from '../../adapters/smtp-config';
import { getOrgSettings, secretName, type OrgSettings } from './org-settings';
import { readSecret } from './secrets';
import { smtpConfigFor } from './smtp-settings';
import { assertAllowedTarget, secretsOf } from './connections/tests';
import { describeConnectionError, redact } from './connections/errors';

/**
 * Which way the organisation's mail leaves (invitations, certificates, badges, test mails): through
 * its own mail server once a test mail has gone through the saved settings (`mailverifiedat`, which
 * saving the settings clears), otherwise through Proofmark's sender. An organisation route that no
 * longer works fails the mail: it is never sent from our address instead.
 */
export type MailRoute =
  | { route: 'product' }
  | { route: 'organisation'; config: SmtpConfig; from: string; cc?: string; server: string };

export const usesOrganisationServer = (s: OrgSettings) => Boolean(s.mailverifiedat);

/** The server's name as the run and the settings show it. */
export const serverName = (c: SmtpConfig) => (c.kind === 'office365' ? 'Office 365' : `${c.host}:${c.port}`);

export const mailRouteOf = async (orgId: string): Promise<MailRoute> => {
  const s = await getOrgSettings(orgId);
  if (!usesOrganisationServer(s)) return { route: 'product' };
  const config = await smtpConfigFor(s, (f) => readSecret(orgId, secretName(f)));
  // The host was checked when it was tested; a name may resolve elsewhere since.
  await assertAllowedTarget(config, (reason) => reason);
  const cc = config.kind !== 'office365' ? s.smtpcc || undefined : undefined;
  const from = (config.kind === 'office365' ? s.office365from : s.smtpfrom) || config.user;
  if (!from) throw badRequest(m.mailNotConfigured);
  return { route: 'organisation', config, from, cc, server: serverName(config) };
};

/**
 * Why the organisation's server did not take a mail, in one sentence without secrets: the server's
 * own answer when it gave one ("550 5.1.1 mailbox unavailable"), else what the connection did.
 */
export const describeMailFailure = (route: Extract<MailRoute, { route: 'organisation' }>, err: unknown) => {
  const secrets = secretsOf(route.config);
  const answer = (err as { response?: unknown } | undefined)?.response;
  if (typeof answer === 'string' && answer.trim())
    return `${route.server} answered: ${redact(answer.split('\n')[0]!.trim().slice(0, 200), secrets)}`;
  return `${route.server}: ${describeConnectionError(err, secrets)}`;
};
