import type { RunKind } from '@proofmark/shared/api/workspace';
import { certificateStatus as st } from '@proofmark/shared/workspace/rules';
import type { Blockchain } from '../chains';
import { findRun, type RunRecord } from '../runs';

/**
 * The run of an issue or bake request (§2.5, §4, §5): the progress record the UI follows plus what
 * the job needs. Its id is the client's requestId, so the same request seen twice is one run.
 */

export type IssueKind = Extract<RunKind, 'issue' | 'bake'>;

export interface IssueRun extends RunRecord {
  kind: IssueKind;
  certtype: string;
  /** The rows asked for (`cohort=student`); the job takes those claimed by this run. */
  items: string[];
  blockchain: Blockchain;
  /** Debited at the request. */
  requested: number;
  /** Set once, with the refund of requested − claimed, when the rows were claimed. */
  claimed?: number;
  refunded?: number;
}

/** Rows each kind may take: issue needs generated certificates; badges are built from the row itself. */
export const claimable: Record<IssueKind, readonly string[]> = {
  issue: [st.generated, st.sentForReview],
  bake: [st.invitePending, st.pkReceived, st.generated, st.sentForReview],
};

export const findIssueRun = async (orgId: string, id: string) =>
  (await findRun(orgId, id)) as IssueRun | undefined;

/** The run record's key, for the writes that go into transactions with the balance. */
export const runKey = (orgId: string, id: string) => ({ pk: `ORG#${orgId}`, sk: `RUN#${id}` });
