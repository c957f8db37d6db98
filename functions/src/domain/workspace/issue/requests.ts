import { badRequest } from '@proofmark/shared/errors';
import type { IssueRequest, RunView } from '@proofmark/shared/contract/workspace';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { canBake, canIssue, MAX_ROWS_PER_REQUEST } from '@proofmark/shared/workspace/rules';
import { passwordSignIn } from '../../../adapters/identity';
import type { Blockchain } from '../../keys/chains';
import { activeIssuingKey } from '../../keys/issuing-keys';
import { getOrgSettings } from '../../settings/org-settings';
import { listCohortRows, type RecipientItem } from '../../recipients/recipient-store';
import { resolveSelection } from '../../recipients/recipients';
import { runView } from '../../runs';
import { beforeSignIn, signInFailed, signInSucceeded } from '../../accounts/sign-in-lockout';
import type { UserRecord } from '../../accounts/users';
import { blockchainOf } from '../blockchain';
import { claimable, findIssueRun, type IssueRun } from './run';
import { scheduleTime } from './schedule';
import { openIssueRun, resumeIssueRun } from './start';

/**
 * Issue and bake requests (§2.5, §4, §5): who asks (the password again), what (the rows and their
 * statuses), on which chain and when; then workspace/issue/start.ts opens the run with its debit, and
 * workspace/issue/claims.ts claims the rows (conditional writes: two requests never take the same row)
 * and refunds whatever could not be claimed. The issue job (workspace/issue/job.ts) builds one batch whose
 * id is the run's id, so a redelivered job finds it instead of making a second.
 */

/**
 * The confirmation's email and password, checked again on every request (never trusted from an
 * earlier check), under the sign-in throttle (per client and account, ./sign-in-lockout.ts) so the
 * dialog is no way around it: its failures count as failed sign-ins and a locked client is refused.
 */
export const checkCredentials = async (user: UserRecord, email: string, password: string, client: string) => {
  if (email.trim().toLowerCase() !== user.email.toLowerCase()) throw badRequest(m.notYourEmail);
  await beforeSignIn(user.email, client);
  if (!(await passwordSignIn(user.email, password))) {
    await signInFailed(user.email, client);
    throw badRequest(m.wrongCredentials);
  }
  await signInSucceeded(user.email, client);
};

const chosenBlockchain = async (orgId: string): Promise<Blockchain> => {
  // The same reading as generate's (a fresh organisation's settings screen shows ethereum).
  const blockchain = blockchainOf(await getOrgSettings(orgId));
  if (!blockchain) throw badRequest(m.selectBlockchain);
  if (!(await activeIssuingKey(orgId, blockchain))) throw badRequest(m.generateKeyFirst);
  return blockchain;
};

const statusesOf = (rows: readonly RecipientItem[]) => rows.map((r) => r.status ?? '');

/**
 * A selection refused because its rows are no longer claimable may have been claimed by the twin of
 * this very request (a double click whose first half created the run while this half read the rows):
 * then the answer is that run, else the refusal.
 */
const twinOrRefuse = async (orgId: string, requestId: string, message: string): Promise<IssueRun> => {
  const twin = await findIssueRun(orgId, requestId);
  if (!twin) throw badRequest(message);
  return resumeIssueRun(twin);
};

/** POST /api/workspace/issue. */
export const requestIssue = async (
  orgId: string,
  user: UserRecord,
  req: IssueRequest,
  client: string,
): Promise<{ run: RunView; scheduled: boolean }> => {
  await checkCredentials(user, req.email, req.password, client);
  const existing = await findIssueRun(orgId, req.requestId);
  if (existing) return answer(await resumeIssueRun(existing));

  const blockchain = await chosenBlockchain(orgId);
  let rows: RecipientItem[];
  let wholeCohort: boolean;
  if (req.selectedCohort) {
    // A whole cohort (§7 selectedCohort): its generated / Sent for Review rows.
    const all = await listCohortRows(orgId, req.selectedCohort, req.certtype);
    rows = all.filter((r) => claimable.issue.includes(r.status));
    const verdict = canIssue(statusesOf(rows.length ? rows : all));
    if (!verdict.ok) return answer(await twinOrRefuse(orgId, req.requestId, verdict.message));
    wholeCohort = true;
  } else {
    const selection = await resolveSelection(orgId, req.certtype, req.selectedItems);
    rows = selection.rows;
    const verdict = canIssue(statusesOf(rows));
    if (!verdict.ok) return answer(await twinOrRefuse(orgId, req.requestId, verdict.message));
    wholeCohort = selection.wholeCohorts.length > 0;
  }
  return openRun(orgId, 'issue', req, { rows, wholeCohort, blockchain });
};

/** POST /api/workspace/bake: Open Badges from the selected rows (no public key needed), issued like certificates. */
export const requestBake = async (
  orgId: string,
  req: { certtype: string; selectedItems: string[]; requestId: string },
): Promise<{ run: RunView; scheduled: boolean }> => {
  const existing = await findIssueRun(orgId, req.requestId);
  if (existing) return answer(await resumeIssueRun(existing));
  const blockchain = await chosenBlockchain(orgId);
  const { rows, wholeCohorts } = await resolveSelection(orgId, req.certtype, req.selectedItems);
  const verdict = canBake(statusesOf(rows));
  if (!verdict.ok) return answer(await twinOrRefuse(orgId, req.requestId, verdict.message));
  return openRun(orgId, 'bake', req, { rows, wholeCohort: wholeCohorts.length > 0, blockchain });
};

const answer = (run: IssueRun) => ({ run: runView(run), scheduled: run.state === 'scheduled' });

/**
 * Opens the run of a request whose rows passed their checks (at most MAX_ROWS_PER_REQUEST of them),
 * to run now or when it is scheduled.
 */
const openRun = async (
  orgId: string,
  kind: 'issue' | 'bake',
  req: { requestId: string; certtype: string; scheduleAt?: string },
  what: { rows: RecipientItem[]; wholeCohort: boolean; blockchain: Blockchain },
) => {
  if (what.rows.length > MAX_ROWS_PER_REQUEST) throw badRequest(m.tooManyRows(MAX_ROWS_PER_REQUEST));
  const at = scheduleTime(req.scheduleAt);
  return answer(
    await openIssueRun(orgId, { kind, runId: req.requestId, certtype: req.certtype, ...what, at }),
  );
};
