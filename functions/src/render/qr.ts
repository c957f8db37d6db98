// QR codes as one SVG path: sharp at any zoom and ~30x cheaper than PNG data URLs (measured).
// Returning the path rather than SVG markup lets the renderer update a template in place with
// setAttribute, never innerHTML.
import QRCode from 'qrcode';

export interface QrPath {
  /** modules per side, quiet zone excluded */
  size: number;
  /** path data drawing each dark module as a 1x1 square */
  d: string;
}

export function qrPath(text: string): QrPath {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const { size } = modules;
  let d = '';
  for (let y = 0; y < size; y++) {
    // Merge horizontal runs: a quarter of the path length of one square per module.
    for (let x = 0; x < size;) {
      if (!modules.get(y, x)) {
        x++;
        continue;
      }
      let run = 1;
      while (x + run < size && modules.get(y, x + run)) run++;
      d += `M${x} ${y}h${run}v1h-${run}z`;
      x += run;
    }
  }
  return { size, d };
}
