import type { RunKind, RunView } from '@proofmark/shared/contract/workspace';
import { recipientMessages as rm } from '@proofmark/shared/recipients/messages';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';

/* How a run (long work) is shown while it runs and once it finished. */

export const runPercent = (run: Pick<RunView, 'done' | 'failed' | 'total' | 'state'>): number => {
  if (run.state === 'done') return 100;
  if (run.total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round(((run.done + run.failed) / run.total) * 100)));
};

/** §4: how long each kind of work may take, said while it runs. */
export const runWaitText: Record<RunKind, string> = {
  generate: m.generating,
  bake: m.baking,
  issue: m.issuing,
  send: m.sending,
  download: m.preparingDownload,
  invite: rm.pleaseWait,
  'mail-test': 'Sending the test email.',
};

export const runTitle: Record<RunKind, string> = {
  generate: 'Generating certificates',
  bake: 'Baking OpenBadges',
  issue: 'Issuing certificates',
  send: 'Sending certificates',
  download: 'Preparing the download',
  invite: 'Sending invitations',
  'mail-test': 'Sending a test email',
};

const doneVerb: Record<RunKind, string> = {
  generate: 'generated',
  bake: 'baked',
  issue: 'issued',
  send: 'sent',
  download: 'packed for download',
  invite: 'sent',
  'mail-test': 'sent',
};

const doneNoun: Partial<Record<RunKind, string>> = {
  bake: 'badges',
  invite: 'invitations',
  'mail-test': 'test emails',
};

/** What a finished run did: "2 of 2 certificates generated.", and how many failed. */
export function runDoneText(run: Pick<RunView, 'kind' | 'done' | 'failed' | 'total'>): string {
  const noun = doneNoun[run.kind] ?? 'certificates';
  const text = `${run.done} of ${run.total} ${noun} ${doneVerb[run.kind]}.`;
  return run.failed > 0 ? `${text} ${run.failed} failed.` : text;
}

/**
 * Which way a mailing run's mails left: the organisation's own mail server (named) or Proofmark's
 * sender, so a user whose server is set up sees it was used; undefined for a run that mailed nothing.
 */
export function runRouteText(run: Pick<RunView, 'mailRoutes'>): string | undefined {
  const r = run.mailRoutes;
  if (!r || r.organisation + r.product === 0) return undefined;
  const own = `your mail server${r.server ? ` (${r.server})` : ''}`;
  if (r.product === 0) return `Mailed through ${own}.`;
  if (r.organisation === 0) return "Mailed through Proofmark's sender.";
  return `Mailed: ${r.organisation} through ${own}, ${r.product} through Proofmark's sender.`;
}
