// Vector ornaments (mm units, in the viewBox of the element that draws them): a guilloche border,
// a rosette watermark and a seal. Vector rather than a background image: a 300-dpi JPEG background set the PDF pace and
// size in measurements (1.3 MB per PDF); these paths cost a few kilobytes and stay sharp.

const f = (n: number) => n.toFixed(2).replace(/\.?0+$/, '');

/** Point and outward normal at arc length s along a rounded rectangle inset by `inset`. */
function roundedRect(w: number, h: number, inset: number, r: number) {
  const x0 = inset,
    y0 = inset,
    x1 = w - inset,
    y1 = h - inset;
  const sw = x1 - x0 - 2 * r,
    sh = y1 - y0 - 2 * r,
    arc = (Math.PI / 2) * r;
  const length = 2 * (sw + sh) + 4 * arc;
  // Segments clockwise from the top-left end of the top edge.
  const corner = (cx: number, cy: number, a0: number, t: number) => {
    const a = a0 + t / r;
    return { x: cx + r * Math.cos(a), y: cy + r * Math.sin(a), nx: Math.cos(a), ny: Math.sin(a) };
  };
  const at = (s: number) => {
    s = ((s % length) + length) % length;
    if (s < sw) return { x: x0 + r + s, y: y0, nx: 0, ny: -1 };
    s -= sw;
    if (s < arc) return corner(x1 - r, y0 + r, -Math.PI / 2, s);
    s -= arc;
    if (s < sh) return { x: x1, y: y0 + r + s, nx: 1, ny: 0 };
    s -= sh;
    if (s < arc) return corner(x1 - r, y1 - r, 0, s);
    s -= arc;
    if (s < sw) return { x: x1 - r - s, y: y1, nx: 0, ny: 1 };
    s -= sw;
    if (s < arc) return corner(x0 + r, y1 - r, Math.PI / 2, s);
    s -= arc;
    if (s < sh) return { x: x0, y: y1 - r - s, nx: -1, ny: 0 };
    s -= sh;
    return corner(x0 + r, y0 + r, Math.PI, s);
  };
  return { length, at };
}

/**
 * Interlaced sine strands around the page, like the rope border of a banknote. Each half wave
 * is one cubic Bézier between two zero crossings (control points at a third of the way along,
 * 4/3 of the amplitude out, which puts the hump's peak exactly at the amplitude). Half-wave
 * steps keep the path to ~800 curves: the border's curve count was the largest single cost of a
 * PDF (about 40 ms of 100 with quarter-wave steps and a second harmonic).
 */
export function guillochePath(
  width: number,
  height: number,
  inset: number,
  amplitude: number,
  strands = 4,
): string {
  const rect = roundedRect(width, height, inset, amplitude * 2.2);
  const halfWaves = 2 * Math.round(rect.length / 9); // even, so every strand closes on itself
  const h = rect.length / halfWaves;
  const lift = (4 * amplitude) / 3;
  let d = '';
  for (let i = 0; i < strands; i++) {
    const shift = (h * 2 * i) / strands; // phase offset of this strand, as arc length
    let p = rect.at(shift);
    d += `M${f(p.x)} ${f(p.y)}`;
    for (let j = 1; j <= halfWaves; j++) {
      const q = rect.at(shift + j * h);
      const side = j % 2 === 1 ? 1 : -1;
      // tangents are the normals turned a quarter (clockwise travel)
      const c1 = {
        x: p.x - p.ny * (h / 3) + p.nx * lift * side,
        y: p.y + p.nx * (h / 3) + p.ny * lift * side,
      };
      const c2 = {
        x: q.x + q.ny * (h / 3) + q.nx * lift * side,
        y: q.y - q.nx * (h / 3) + q.ny * lift * side,
      };
      d += `C${f(c1.x)} ${f(c1.y)} ${f(c2.x)} ${f(c2.y)} ${f(q.x)} ${f(q.y)}`;
      p = q;
    }
  }
  return d;
}

/** A hypotrochoid rosette centred on (cx, cy): the classic engraved-security motif. */
export function rosettePath(cx: number, cy: number, radius: number, petals = 18): string {
  const R = radius * 0.62,
    r = R / petals,
    dist = radius * 0.38;
  const steps = petals * 24;
  let d = '';
  for (let i = 0; i <= steps; i++) {
    const a = (2 * Math.PI * i) / steps;
    const x = cx + (R - r) * Math.cos(a) + dist * Math.cos(((R - r) / r) * a);
    const y = cy + (R - r) * Math.sin(a) - dist * Math.sin(((R - r) / r) * a);
    d += `${i ? 'L' : 'M'}${f(x)} ${f(y)}`;
  }
  return d + 'Z';
}

/** A scalloped seal edge: a circle whose radius ripples `points` times. */
export function sealEdgePath(cx: number, cy: number, radius: number, points = 36): string {
  const steps = points * 6;
  let d = '';
  for (let i = 0; i <= steps; i++) {
    const a = (2 * Math.PI * i) / steps;
    const rr = radius * (1 - (0.045 * (1 - Math.cos(points * a))) / 2);
    d += `${i ? 'L' : 'M'}${f(cx + rr * Math.cos(a))} ${f(cy + rr * Math.sin(a))}`;
  }
  return d + 'Z';
}
