import type { RunView } from '../contract/workspace';
import { isIssuedStatus, recipientStatus } from '../recipients/rules';
import { workspaceMessages as m } from './messages';

/**
 * The rules of the issuance workspace (spec: certificate-operations §2.5, §2.6, §4, §5, §9) as pure
 * functions over row statuses, used by the server (which decides) and by the web client (which
 * answers at once with the same message). A refused action changes nothing.
 */

/** Statuses after the recipients screen's (§4: issued statuses contain 'Certificate'). */
export const certificateStatus = {
  ...recipientStatus,
  /** Issue requested for a later time (scheduled issuance). */
  scheduled: 'Scheduled',
  /** Issue requested; the batch is being anchored. */
  issuing: 'Issuing',
  issued: 'Certificate issued',
  sent: 'Certificate sent',
  revoked: 'Revoked',
} as const;
export type CertificateStatus = (typeof certificateStatus)[keyof typeof certificateStatus];

/** Spec §9: the direct zip download's cap (the old message said 100; ours says the real cap). */
export const DIRECT_ZIP_CAP = 250;
/** Spec §5/§9: balance needed to issue a selection, or a whole cohort. */
export const MIN_BALANCE_SELECTION = 1;
export const MIN_BALANCE_COHORT = 3;
/** Spec §9: free trial. New organisations start with this many certificates. */
export const FREE_TRIAL_CERTIFICATES = 20;
/** Most rows one issue / generate request may name (a batch is one Merkle tree). */
export const MAX_ROWS_PER_REQUEST = 2000;

export type Verdict = { ok: true } | { ok: false; message: string };
const ok: Verdict = { ok: true };
const refuse = (message: string): Verdict => ({ ok: false, message });

/** In the Issued tab: issued, sent, held or revoked. Everything else is in progress. */
export const isIssuedTabStatus = (status: string | undefined) => isIssuedStatus(status);

/** Generate (§5): nothing selected, all or some Invite pending; issued rows cannot be regenerated. */
export const canGenerate = (statuses: readonly string[]): Verdict => {
  if (!statuses.length) return refuse(m.noSelectedStudents);
  const pending = statuses.filter((s) => s === certificateStatus.invitePending).length;
  if (pending === statuses.length) return refuse(m.allInvitePending);
  if (pending) return refuse(m.someInvitePending);
  const regenerable: readonly string[] = [
    certificateStatus.pkReceived,
    certificateStatus.generated,
    certificateStatus.sentForReview,
  ];
  return statuses.every((s) => regenerable.includes(s)) ? ok : refuse(m.selectCorrectItems);
};

const generatedOrReview = (s: string) =>
  s === certificateStatus.generated || s === certificateStatus.sentForReview;

/** Issue (§5): items in generated or Sent for Review. */
export const canIssue = (statuses: readonly string[]): Verdict => {
  if (!statuses.length) return refuse(m.noSelectedItems);
  return statuses.every(generatedOrReview) ? ok : refuse(m.selectCorrectItems);
};

/** Direct zip download from the In-Progress tab (§5): generated or Sent for Review, at most 250. */
export const canDirectDownload = (statuses: readonly string[]): Verdict => {
  if (!statuses.length) return refuse(m.noSelectedItems);
  if (statuses.length > DIRECT_ZIP_CAP) return refuse(m.zipCap(DIRECT_ZIP_CAP));
  return statuses.every(generatedOrReview) ? ok : refuse(m.selectCorrectItemsDot);
};

/** Preview and Validate (§2.5): generated certificates. */
export const canPreview = (statuses: readonly string[]): Verdict => {
  if (!statuses.length) return refuse(m.noSelectedStudents);
  return statuses.some(generatedOrReview) ? ok : refuse(m.noGeneratedCertificates);
};

/** Send for Review and Reset act on generated (or already reviewed) in-progress rows. */
export const canReview = (statuses: readonly string[]): Verdict => {
  if (!statuses.length) return refuse(m.noSelectedStudents);
  return statuses.every(generatedOrReview) ? ok : refuse(m.selectCorrectItems);
};
export const canReset = canReview;

/**
 * Bake Open Badges (§2.5): a badge is built from the row itself, so no public key is needed: any
 * row not yet issued nor taken by another request (Invite pending, PK received, generated, Sent for
 * Review).
 */
export const canBake = (statuses: readonly string[]): Verdict => {
  if (!statuses.length) return refuse(m.noSelectedStudents);
  const bakeable: readonly string[] = [
    certificateStatus.invitePending,
    certificateStatus.pkReceived,
    certificateStatus.generated,
    certificateStatus.sentForReview,
  ];
  return statuses.every((s) => bakeable.includes(s)) ? ok : refuse(m.selectCorrectItems);
};

const issuedActive = (s: string) => s === certificateStatus.issued || s === certificateStatus.sent;

/** Send (§2.5 Issued tab): issued or already sent certificates (sending again is allowed). */
export const canSend = (statuses: readonly string[]): Verdict => {
  if (!statuses.length) return refuse(m.noSelectedStudents);
  return statuses.every(issuedActive) ? ok : refuse(m.selectCorrectItems);
};

/**
 * Most certificates joined into one consolidated PDF: the join holds every page in the job's memory
 * (2 GB); larger selections download as individual files.
 */
export const CONSOLIDATED_CAP = 500;

export interface DownloadChoice {
  downloadtype?: 'individual' | 'consolidated';
  downloadjson: boolean;
  downloadpdf: boolean;
  downloadprint: boolean;
  downloadqrcode: boolean;
}

/** Download (§5): at least one kind; items whose status contains Certificate or Sent for Review. */
export const canDownload = (statuses: readonly string[], choice: DownloadChoice): Verdict => {
  if (!statuses.length) return refuse(m.noSelectedStudents);
  if (!choice.downloadjson && !choice.downloadpdf && !choice.downloadprint && !choice.downloadqrcode)
    return refuse(m.noDownloadType);
  if (choice.downloadtype === 'consolidated' && (choice.downloadpdf || choice.downloadprint))
    if (statuses.length > CONSOLIDATED_CAP) return refuse(m.consolidatedCap(CONSOLIDATED_CAP));
  return statuses.every((s) => /certificate/i.test(s) || s === certificateStatus.sentForReview)
    ? ok
    : refuse(m.selectCorrectItems);
};

/** Revoke (§5): issued, sent or held certificates; a reason. Revoking twice is refused. */
export const canRevoke = (statuses: readonly string[], reason: string): Verdict => {
  if (!statuses.length) return refuse(m.noSelectedStudents);
  if (!reason.trim()) return refuse(m.revokeReason);
  return statuses.every((s) => issuedActive(s) || s === certificateStatus.hold)
    ? ok
    : refuse(m.selectCorrectItems);
};

/** Hold: issued or sent certificates. */
export const canHold = (statuses: readonly string[]): Verdict => {
  if (!statuses.length) return refuse(m.noSelectedStudents);
  return statuses.every(issuedActive) ? ok : refuse(m.selectCorrectItems);
};

/** Unhold (§5): only rows with status Hold. */
export const canUnhold = (statuses: readonly string[]): Verdict => {
  if (!statuses.length) return refuse(m.noSelectedStudents);
  return statuses.every((s) => s === certificateStatus.hold) ? ok : refuse(m.noHoldStudents);
};

/** Balance (§5): a whole cohort needs 3, a selection 1 — and never less than the certificates it issues. */
export const hasEnoughBalance = (balance: number, count: number, wholeCohort: boolean) =>
  balance >= Math.max(count, wholeCohort ? MIN_BALANCE_COHORT : MIN_BALANCE_SELECTION);

// ——— the approval screen (§2.6, §4) ———

/** Approval status codes (§4). */
export const approvalCode = {
  approved: 1,
  declined: 2,
  issued: 3,
  generated: 4,
  pkReceived: 5,
} as const;
export type ApprovalCode = (typeof approvalCode)[keyof typeof approvalCode];
export const approvalLabels: Record<ApprovalCode, string> = {
  1: 'Approved',
  2: 'Declined',
  3: 'Certificate issued',
  4: 'Certificate generated',
  5: 'PK received',
};

/** A row's approval code from its status and the approval decision stored on it (undefined: not shown). */
export const approvalCodeOf = (status: string, approval?: 1 | 2): ApprovalCode | undefined => {
  if (isIssuedStatus(status) && status !== certificateStatus.revoked) return approval ?? approvalCode.issued;
  if (generatedOrReview(status)) return approvalCode.generated;
  if (status === certificateStatus.pkReceived) return approvalCode.pkReceived;
  return undefined;
};

/** Approve acts on rows with code 3 or 2; Decline only on code 3 (§4). */
export const canApprove = (
  codes: readonly (ApprovalCode | undefined)[],
  action: 'approve' | 'decline',
): Verdict => {
  if (!codes.length) return refuse(m.approvalNothingSelected);
  const eligible = codes.filter((c) =>
    action === 'approve'
      ? c === approvalCode.issued || c === approvalCode.declined
      : c === approvalCode.issued,
  );
  return eligible.length ? ok : refuse(m.approvalSelectIssued);
};

/** A run (long work) that will change no more: done or failed. */
export const isRunFinished = (run: Pick<RunView, 'state'>): boolean =>
  run.state === 'done' || run.state === 'failed';
