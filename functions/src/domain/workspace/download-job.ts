import * as z from 'zod';
import { PDFDocument } from 'pdf-lib';
import { downloadRequest } from '@proofmark/shared/contract/workspace';
import { notFound } from '@proofmark/shared/errors';
import { itemId } from '@proofmark/shared/recipients/rules';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { certificateStatus } from '@proofmark/shared/workspace/rules';
import { getObjectBytes, getObjectText, presignedGetUrl } from '../../adapters/blobs';
import { objectKeys } from '../object-keys';
import { publicKeys, verifierPageUrl } from '../public-urls';
import type { RecipientItem } from '../recipients/recipient-store';
import { resolveSelection } from '../recipients/recipients';
import { getRun, updateRun } from '../runs';
import { getOrg } from '../accounts/users';
import { verifierQr } from './certificate-mail';
import { settleChunk } from './job-chunks';
import { baseNames, LINK_SECONDS, pipelined, ZIP_NAME, zipToObject, type DownloadChunk } from './download';

/*
 * The Download options' zip, built by the `download` job (see ./download.ts for the request, the
 * zip writing and the direct download). Its own module because joining PDFs needs pdf-lib, which
 * the HTTP functions that start downloads should not carry.
 */

const isIssued = (s: string) => /certificate/i.test(s);
const downloadable = (s: string) => isIssued(s) || s === certificateStatus.sentForReview;

const storedRequest = downloadRequest.extend({ selectedItems: z.array(z.string()) });

interface Files {
  json?: Uint8Array;
  pdf?: Uint8Array;
}

/** The job gave up on the download: the run fails with the reason (the zip's rows are all its rows). */
export const settleDownloadFailed = async (msg: DownloadChunk, reason: string) => {
  const run = await getRun(msg.orgId, msg.runId);
  if (run.state === 'done' || run.state === 'failed') return;
  await updateRun(msg.orgId, msg.runId, { state: 'failed', message: reason, failed: run.total - run.done });
  await settleChunk(msg);
};

/**
 * The download job's work. Issued certificates come from their public objects (the PDF from the
 * generated one if it was not published); Sent for Review rows have only their generated PDF.
 * Redelivered after it finished, it does nothing (the run is done); a run failed only because the
 * job gave up (settleDownloadFailed), so a redrive of that message builds the zip after all.
 */
export const runDownload = async (msg: DownloadChunk) => {
  const { orgId, runId } = msg;
  const run = await getRun(orgId, runId);
  if (run.state === 'done') {
    await settleChunk(msg);
    return;
  }
  const org = await getOrg(orgId);
  if (!org) throw notFound();
  await updateRun(orgId, runId, { state: 'running' });
  const text = await getObjectText('artefacts', objectKeys.downloadRequest(orgId, runId));
  if (!text) throw new Error(`download ${runId}: its request is gone`);
  const req = storedRequest.parse(JSON.parse(text));
  const { rows: found } = await resolveSelection(orgId, req.certtype, req.selectedItems);
  const rows = found.sort(
    (a, b) => a.cohortid.localeCompare(b.cohortid) || a.studentid.localeCompare(b.studentid),
  );
  const slug = org.verifierSlug;
  const nameOf = baseNames(rows);
  const consolidated = req.downloadtype === 'consolidated';
  const wantPdf = req.downloadpdf || req.downloadprint;
  const errors: string[] = [];
  let done = 0;

  const zip = zipToObject(objectKeys.download(orgId, runId));
  const joined = consolidated && wantPdf ? await PDFDocument.create() : undefined;
  const pdfOf = async (uuid: string, issued: boolean) =>
    (issued ? await getObjectBytes('public', publicKeys.credential(slug, uuid, 'pdf')) : undefined) ??
    getObjectBytes('artefacts', objectKeys.generated(orgId, uuid, 'pdf'));
  const load = async (r: RecipientItem): Promise<Files> => {
    if (!r.certUuid || !downloadable(r.status)) return {};
    const issued = isIssued(r.status);
    const [json, pdf] = await Promise.all([
      req.downloadjson && issued
        ? getObjectBytes('public', publicKeys.credential(slug, r.certUuid, 'json'))
        : undefined,
      wantPdf ? pdfOf(r.certUuid, issued) : undefined,
    ]);
    return { json, pdf };
  };
  await pipelined(rows, load, async (r, files) => {
    if (!r.certUuid || !downloadable(r.status)) {
      errors.push(`${r.studentid}: not downloadable (${r.status})`);
      return;
    }
    const name = nameOf(r);
    const missing: string[] = [];
    if (req.downloadjson) {
      // A certificate Sent for Review has no signed JSON yet: its PDF is all there is.
      if (files.json) await zip.add(`${name}.json`, files.json, true);
      else if (isIssued(r.status)) missing.push('JSON');
    }
    if (wantPdf && !files.pdf) missing.push('PDF');
    if (files.pdf && joined) {
      const doc = await PDFDocument.load(files.pdf);
      for (const page of await joined.copyPages(doc, doc.getPageIndices())) joined.addPage(page);
    } else if (files.pdf) {
      // PDFs are compressed already: stored, not deflated (much faster, barely larger).
      if (req.downloadpdf) await zip.add(`${name}.pdf`, files.pdf, false);
      // The print copy is the same document (the certificate renders for print as it is).
      if (req.downloadprint) await zip.add(`${name}-print.pdf`, files.pdf, false);
    }
    if (req.downloadqrcode)
      await zip.add(`${name}-qr.png`, await verifierQr(verifierPageUrl(slug, r.certUuid)), false);
    if (missing.length) errors.push(`${r.studentid}: no ${missing.join(', ')}`);
    else done += 1;
  });
  if (joined && joined.getPageCount()) {
    const bytes = await joined.save();
    if (req.downloadpdf) await zip.add('certificates.pdf', bytes, false);
    if (req.downloadprint) await zip.add('certificates-print.pdf', bytes, false);
  }
  await zip.finish();
  const listed = new Set(rows.map((r) => itemId(r.cohortid, r.studentid)));
  for (const i of req.selectedItems) if (!listed.has(i)) errors.push(`${i}: no such recipient`);
  const downloadUrl = await presignedGetUrl(
    'artefacts',
    objectKeys.download(orgId, runId),
    LINK_SECONDS,
    ZIP_NAME,
  );
  // One write with absolute counts: a redelivery that rebuilt the zip sets the same numbers.
  await updateRun(orgId, runId, {
    state: 'done',
    done,
    failed: run.total - done,
    errors: errors.slice(0, 50),
    message: m.downloadDone,
    downloadUrl,
  });
  await settleChunk(msg);
};
