import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import yazl from 'yazl';
import { badRequest } from '@proofmark/shared/errors';
import type { DownloadRequest, RunView, Selection } from '@proofmark/shared/contract/workspace';
import { itemId } from '@proofmark/shared/recipients/rules';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { canDirectDownload, canDownload } from '@proofmark/shared/workspace/rules';
import { getObjectBytes, presignedGetUrl, putObject, putObjectStream } from '../../adapters/blobs';
import { objectKeys } from '../object-keys';
import type { RecipientItem } from '../recipients/recipient-store';
import { allowedSelection } from '../recipients/recipients';
import { createRun, runView } from '../runs';
import { queueChunk, type ChunkMessage } from './job-chunks';

/**
 * Downloads (§2.5, §5): the Download options of the Issued tab build a zip in the `download` job
 * (per certificate <studentid>.json, .pdf, -print.pdf, -qr.png; or the PDFs joined into one), and
 * the In-Progress tab's direct download zips up to 250 generated PDFs during the call. Zips are
 * streamed into the artefacts bucket and handed out as a presigned link that expires in an hour.
 */
export const LINK_SECONDS = 3600;
/** The file name a Download Options zip is saved under (the direct download keeps the spec's file.zip). */
export const ZIP_NAME = 'certificates.zip';
/** Rows whose files are fetched ahead of the one being zipped (bounds memory, hides latency). */
const PREFETCH = 4;

// ——— zip writing ———

/** Entry names from ids: no path tricks, and a folder per cohort when the selection spans several. */
const safe = (s: string) =>
  [...s]
    .map((c) => (c < ' ' || '\\/:*?"<>|'.includes(c) ? '_' : c))
    .join('')
    .replace(/^\.+/, '_') || '_';
export const baseNames = (rows: readonly RecipientItem[]) => {
  const several = new Set(rows.map((r) => r.cohortid)).size > 1;
  return (r: RecipientItem) => (several ? `${safe(r.cohortid)}/${safe(r.studentid)}` : safe(r.studentid));
};

/**
 * A zip written straight to an object. Each entry is handed over only when yazl starts writing it
 * (addReadStreamLazy), and `add` resolves then: the caller fetches the next file meanwhile, so at
 * most a few files are in memory whatever the zip's size.
 */
export const zipToObject = (key: string) => {
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as Readable;
  zip.on('error', (err: Error) => output.destroy(err));
  const upload = putObjectStream('artefacts', key, output, 'application/zip');
  // Settles only by failing: an entry waiting for a writer that stopped must not wait forever.
  const failed = upload.then(() => new Promise<never>(() => undefined));
  failed.catch(() => undefined);
  let entries = 0;
  return {
    add: async (name: string, bytes: Uint8Array, compress: boolean) => {
      entries += 1;
      const started = new Promise<void>((resolve) =>
        zip.addReadStreamLazy(name, { compress, size: bytes.length }, (cb) => {
          resolve();
          cb(null, Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]));
        }),
      );
      await Promise.race([started, failed]);
    },
    get entries() {
      return entries;
    },
    finish: async () => {
      zip.end();
      await upload;
    },
  };
};

/** Runs `load` over the rows in order with a few ahead, calling `use` with each result in order. */
export const pipelined = async <T, R>(
  items: readonly T[],
  load: (item: T) => Promise<R>,
  use: (item: T, loaded: R) => Promise<void>,
) => {
  const ahead: Promise<R>[] = [];
  const start = (i: number) => {
    const p = load(items[i]!);
    p.catch(() => undefined); // awaited in order below; not an unhandled rejection meanwhile
    ahead[i] = p;
  };
  for (let i = 0; i < Math.min(PREFETCH, items.length); i++) start(i);
  for (let i = 0; i < items.length; i++) {
    const loaded = await ahead[i]!;
    delete ahead[i];
    if (i + PREFETCH < items.length) start(i + PREFETCH);
    await use(items[i]!, loaded);
  }
};

// ——— the Download options (request; the job is ./download-job.ts) ———

export interface DownloadChunk extends ChunkMessage {
  certtype: string;
}

export const startDownload = async (orgId: string, req: DownloadRequest): Promise<RunView> => {
  const { rows } = await allowedSelection(orgId, req.certtype, req.selectedItems, (statuses) =>
    canDownload(statuses, req),
  );
  const run = await createRun(orgId, 'download', rows.length, { message: m.preparingDownload });
  await putObject(
    'artefacts',
    objectKeys.downloadRequest(orgId, run.id),
    JSON.stringify({ ...req, selectedItems: rows.map((r) => itemId(r.cohortid, r.studentid)) }),
    'application/json',
  );
  await queueChunk('download', { orgId, runId: run.id, chunk: 0, certtype: req.certtype });
  return runView(run);
};

/** A finished download's link expires: a run read later gets a fresh one. */
export const withFreshDownloadLink = async (orgId: string, run: RunView): Promise<RunView> =>
  run.kind === 'download' && run.state === 'done'
    ? {
        ...run,
        downloadUrl: await presignedGetUrl(
          'artefacts',
          objectKeys.download(orgId, run.id),
          LINK_SECONDS,
          ZIP_NAME,
        ),
      }
    : run;

// ——— the direct download (In-Progress tab, during the call) ———

export const directZip = async (orgId: string, req: Selection): Promise<{ url: string; count: number }> => {
  const { rows: found } = await allowedSelection(orgId, req.certtype, req.selectedItems, canDirectDownload);
  const rows = found.sort(
    (a, b) => a.cohortid.localeCompare(b.cohortid) || a.studentid.localeCompare(b.studentid),
  );
  const nameOf = baseNames(rows);
  const key = objectKeys.download(orgId, randomUUID());
  const zip = zipToObject(key);
  await pipelined(
    rows,
    async (r) =>
      r.certUuid ? getObjectBytes('artefacts', objectKeys.generated(orgId, r.certUuid, 'pdf')) : undefined,
    async (r, pdf) => {
      if (pdf) await zip.add(`${nameOf(r)}.pdf`, pdf, false);
    },
  );
  const count = zip.entries;
  await zip.finish();
  if (!count) throw badRequest(m.downloadFailed);
  return { url: await presignedGetUrl('artefacts', key, LINK_SECONDS, 'file.zip'), count };
};
