import { recipientMessages as m } from '@proofmark/shared/recipients/messages';
import {
  extensionOf,
  fileNameProblem,
  uploadExtensions,
  uploadLimits,
  validCohortId,
} from '@proofmark/shared/recipients/rules';
import type { UploadPurpose } from '@proofmark/shared/recipients/rules';

/* Client-side checks of a file before it is uploaded (§5); the server checks again. */

export interface UploadCandidate {
  name: string;
  size: number;
}

/**
 * The first §5 problem with an upload, checked before anything is sent: a file is chosen, its
 * name has an allowed extension and no spaces, it is not over the size limit, and a cohort is
 * selected or typed (a new one for a sheet).
 */
export function uploadProblem(
  purpose: UploadPurpose,
  file: UploadCandidate | undefined,
  cohort: string,
): string | undefined {
  if (file === undefined) return m.selectFile;
  const nameProblem = fileNameProblem(purpose, file.name);
  if (nameProblem !== undefined) return nameProblem;
  const kind = uploadExtensions[purpose][extensionOf(file.name)];
  if (kind !== undefined && file.size > uploadLimits[kind])
    return m.fileTooLarge(uploadLimits[kind] / (1024 * 1024));
  if (file.size === 0) return m.fileEmpty;
  const trimmed = cohort.trim();
  if (trimmed === '') return m.noSelectedCohort;
  if (!validCohortId(trimmed)) return m.cohortIdInvalid;
  return undefined;
}

/** The `accept` attribute of a file input for a purpose: `.xlsx,.zip,.pdf` or `.png,.jpg,.jpeg`. */
export const acceptOf = (purpose: UploadPurpose): string =>
  Object.keys(uploadExtensions[purpose])
    .map((ext) => `.${ext}`)
    .join(',');

/** Per-cent of an import job, for its progress bar. */
export const jobPercent = (done: number, total: number): number =>
  total <= 0 ? 0 : Math.min(100, Math.max(0, Math.round((done / total) * 100)));
