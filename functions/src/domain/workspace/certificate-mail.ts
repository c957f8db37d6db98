import QRCode from 'qrcode';

/** The QR code of a certificate's verifier page, as the download puts it beside the files (the options fix the bytes). */
export const verifierQr = (verifierUrl: string) =>
  QRCode.toBuffer(verifierUrl, { type: 'png', width: 240, margin: 2, errorCorrectionLevel: 'M' });
