import { approvalCode, approvalCodeOf, approvalLabels } from '@proofmark/shared/workspace/rules';
import type { ApprovalCode } from '@proofmark/shared/workspace/rules';
import type { CertTableRow } from '../../ManageCertificate/components/certificate-rows';

/** The approval screen's pure logic (§2.6, §4); the verdicts are the shared rules'. */

const codes = new Set<number>(Object.values(approvalCode));

/** A row's approval code: the one the server sent, else derived from its status. */
export function codeOf(row: Pick<CertTableRow, 'approval' | 'status'>): ApprovalCode | undefined {
  if (codes.has(row.approval)) return row.approval as ApprovalCode;
  return approvalCodeOf(row.status);
}

/**
 * The Status column: the decision once taken (Approved, Declined), else the row's status in the
 * words Manage Certificate uses for it ('Certificate sent', 'generated', …), so one certificate is
 * never called two things on two screens. The §4 code stays on the row (its tone, the verdicts).
 */
export function approvalText(row: Pick<CertTableRow, 'approval' | 'status'>): string {
  const code = codeOf(row);
  return code === approvalCode.approved || code === approvalCode.declined ? approvalLabels[code] : row.status;
}

/**
 * The extra verification fields to show: the profile's verification items first, in their order
 * (empty when the row has no value), then any other extra field the row carries.
 */
export function extraFieldItems(
  extra: Readonly<Record<string, string>>,
  verificationItems: readonly string[],
): { label: string; value: string }[] {
  const named = verificationItems.map((label) => ({ label, value: extra[label] ?? '' }));
  const rest = Object.entries(extra)
    .filter(([label]) => !verificationItems.includes(label))
    .map(([label, value]) => ({ label, value }));
  return [...named, ...rest];
}

const tones: Record<ApprovalCode, string> = { 1: 'green', 2: 'red', 3: 'geekblue', 4: 'cyan', 5: 'blue' };

/** The Status tag's colour by approval code: approved green, declined red. */
export const approvalTone = (row: Pick<CertTableRow, 'approval' | 'status'>): string | undefined => {
  const code = codeOf(row);
  return code === undefined ? undefined : tones[code];
};
