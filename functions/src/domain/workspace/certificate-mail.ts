import { qrPng } from '../../render/qr';

/** The QR code of a certificate's verifier page, as the download puts it beside the files (the options fix the bytes). */
export const verifierQr = async (verifierUrl: string) => qrPng(verifierUrl, { width: 240, margin: 2 });
