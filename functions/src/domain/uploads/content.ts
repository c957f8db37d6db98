import { PDFDocument } from 'pdf-lib';
import { badRequest } from '@proofmark/shared/errors';
import { recipientMessages as m } from '@proofmark/shared/recipients/messages';
import { checkJpeg, checkPng } from './image-content';

/**
 * Photos and PDFs are accepted only once they were read whole: the first bytes say what a file
 * claims to be, not that it is one (`%PDF-` followed by a zip); images are checked by image-content.ts.
 */
export { checkJpeg, checkPng };

/** Parsed with pdf-lib: a PDF with at least one page, not encrypted. */
export const checkPdf = async (name: string, bytes: Buffer): Promise<void> => {
  try {
    const doc = await PDFDocument.load(bytes, { throwOnInvalidObject: true, updateMetadata: false });
    if (doc.getPageCount() < 1) throw new Error('no pages');
  } catch {
    throw badRequest(m.pdfUnreadable(name));
  }
};

/** Refuses a photo or PDF that does not read whole (a sheet is read by readSheet). */
export const checkContent = async (kind: 'pdf' | 'png' | 'jpeg', name: string, bytes: Buffer) => {
  if (kind === 'png') checkPng(name, bytes);
  else if (kind === 'jpeg') checkJpeg(name, bytes);
  else await checkPdf(name, bytes);
};
