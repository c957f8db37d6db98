import type { UploadView } from '@proofmark/shared/contract/uploads';
import type { CertificateType } from '@proofmark/shared/certificate-types';
import type { UploadPurpose } from '@proofmark/shared/recipients/rules';
import { recipientsApi } from '../../../api/recipients';

/**
 * The upload flow (shared/src/recipients/README.md): ask for a presigned URL, PUT the bytes
 * straight to storage with progress, ask for the import, and follow the import job of a large file.
 */

export type UploadStage =
  | { stage: 'sending'; percent: number }
  | { stage: 'importing'; done: number; total: number; message: string };

export class PutFailed extends Error {
  override readonly name = 'PutFailed';
}

/** PUTs `file` to a presigned URL, reporting progress (fetch has no upload progress; XHR does). */
export function putWithProgress(
  url: string,
  file: Blob,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve();
      } else reject(new PutFailed(xhr.statusText || `Upload failed with status ${xhr.status}`));
    };
    xhr.onerror = () => reject(new PutFailed('The file could not be sent. Please check your connection.'));
    xhr.onabort = () => reject(new PutFailed('The upload was cancelled.'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(file);
  });
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

export interface UploadOutcome {
  view: UploadView;
  /** The server's message for the import (its summary, or why it was refused). */
  message: string;
}

/**
 * Runs the whole flow. Resolves with the finished upload (state `done` or `failed`); a refusal
 * during the import call rejects with the ApiError, whose body lists the bad rows.
 */
export async function runUpload(
  options: { purpose: UploadPurpose; file: File; cohortid: string; certtype: CertificateType },
  onStage: (stage: UploadStage) => void,
  signal?: AbortSignal,
): Promise<UploadOutcome> {
  const { purpose, file, cohortid, certtype } = options;
  onStage({ stage: 'sending', percent: 0 });
  const ticket = await recipientsApi.createUpload({
    purpose,
    filename: file.name,
    size: file.size,
    cohortid: cohortid.trim(),
    certtype,
  });
  await putWithProgress(ticket.data.url, file, (percent) => onStage({ stage: 'sending', percent }), signal);
  onStage({ stage: 'importing', done: 0, total: 0, message: '' });
  const started = await recipientsApi.startImport(ticket.data.id);
  let view = started.data;
  let message = started.message;
  // 202: the import job has it; follow its progress until it is finished.
  while (view.state === 'queued' || view.state === 'importing') {
    onStage({ stage: 'importing', done: view.done, total: view.total, message: view.message });
    await sleep(1000, signal);
    if (signal?.aborted) break;
    const polled = await recipientsApi.upload(view.id);
    view = polled.data;
    message = polled.message;
  }
  return { view, message: view.message || message };
}
