// Certificate rendering throughput: 2,000 PDFs with 1, 2 and 4 tabs of one Chromium, then 20 PNGs.
// The issue's budget is the whole generate path for 2,000 certificates in ~1–2 minutes, so the
// renderer alone should manage about 25 PDFs/s or more.
import type { CertificateType } from '../../shared/src/certificate-types';
import { galleryDesign } from '../../functions/src/domain/designs/gallery';
import type { CertificateRecipient, PreparedDesign } from '../../functions/src/render/model';
import { createRenderer, type RenderItem } from '../../functions/src/render/renderer';

const svgUri = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

/** A crest logo and two hand-drawn-looking signatures, as an issuer would upload them. */
const CREST = svgUri(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 120">
<path d="M50 4L92 18V58C92 86 72 106 50 116C28 106 8 86 8 58V18Z" fill="#1d2b4f" stroke="#a8843a" stroke-width="4"/>
<path d="M50 22L78 32V58C78 77 65 91 50 98C35 91 22 77 22 58V32Z" fill="none" stroke="#a8843a" stroke-width="2"/>
<path d="M32 50h36M32 62h36M50 38v40" stroke="#f3ead6" stroke-width="5" stroke-linecap="round"/>
<circle cx="50" cy="56" r="9" fill="#a8843a"/></svg>`);
const signature = (d: string) =>
  svgUri(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 60"><path d="${d}" fill="none" stroke="#1a2a5a" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/></svg>`,
  );
const SIGN_A = signature(
  'M10 42C22 10 30 8 32 30S40 52 52 28 66 20 70 36 84 44 96 24 110 30 118 38 140 22 150 30 170 34 190 20',
);
const SIGN_B = signature(
  'M14 30C30 50 44 8 58 26S70 50 86 30C96 18 104 44 120 36S150 18 160 30 176 40 188 26M40 46C80 40 130 44 176 40',
);

/** A gallery design (1, Heritage, unless named) for a type, with a sample organisation. */
export function sampleDesign(type: CertificateType = 'degree', number = 1): PreparedDesign {
  return {
    design: galleryDesign(number)!.build(type),
    context: {
      organisation: 'Northfield University',
      logo: CREST,
      signatures: [
        { name: 'Prof. Anita Rao', role: 'Registrar', image: SIGN_A },
        { name: 'Dr. Vikram Sethi', role: 'Controller of Examinations' },
        { name: 'Prof. S. K. Mehta', role: 'Vice-Chancellor', image: SIGN_B },
      ],
      images: {},
    },
  };
}

const NAMES = ['Priya Sharma', 'Rahul Verma', 'Aisha Khan', 'Daniel Fernandes', 'Meera Iyer', 'Arjun Nair'];

/** A recipient; `fields` overrides placeholder values (name, a sheet column…). */
export function sampleRecipient(
  i: number,
  fields: Record<string, string> = {},
  over: Partial<CertificateRecipient> = {},
): CertificateRecipient {
  return {
    fields: {
      name: `${NAMES[i % NAMES.length]} ${String.fromCharCode(65 + (i % 26))}.`,
      studentid: `2021CS${String(i).padStart(4, '0')}`,
      date: '2025-03-12',
      certificateid: `NU/2025/BT/${String(i).padStart(5, '0')}`,
      Programme: 'Bachelor of Technology in Computer Science and Engineering',
      ...fields,
    },
    verifyUrl: `https://verify.proofmark.example/c/${(0x5f3a2b1c + i).toString(16)}`,
    details: [
      { label: 'Roll No.', value: `2021CS${String(i).padStart(4, '0')}` },
      { label: 'CGPA', value: (7 + (i % 30) / 10).toFixed(2) },
    ],
    ...over,
  };
}

export const benchRender = async (n = 2000) => {
  const design = sampleDesign();
  const items: RenderItem[] = Array.from({ length: n }, (_, i) => ({
    id: String(i),
    design,
    recipient: sampleRecipient(i),
  }));
  console.log(`\nrender: ${n} certificates, A4 landscape, one Chromium per run`);
  for (const pages of [1, 2, 4]) {
    const renderer = createRenderer({ pages });
    try {
      // Warm-up (launch, template load) is excluded: it is paid once per job, not per certificate.
      for await (const _ of renderer.renderBatch(items.slice(0, pages), { pdf: true, png: false }));
      let bytes = 0;
      let failed = 0;
      const start = performance.now();
      for await (const r of renderer.renderBatch(items, { pdf: true, png: false })) {
        bytes += r.pdf?.byteLength ?? 0;
        if (r.error) failed++;
      }
      const s = (performance.now() - start) / 1000;
      console.log(
        `  ${pages} tab(s): ${(n / s).toFixed(1)} PDFs/s (${s.toFixed(1)} s)` +
          `, total ${(bytes / 1e6).toFixed(1)} MB, ${(bytes / n / 1e3).toFixed(0)} KB each${failed ? `, ${failed} FAILED` : ''}`,
      );
      if (pages === 2) {
        const start = performance.now();
        let pngBytes = 0;
        for await (const r of renderer.renderBatch(items.slice(0, 20), { pdf: false, png: true }))
          pngBytes += r.png?.byteLength ?? 0;
        const ms = performance.now() - start;
        console.log(
          `  20 PNGs (0.5x, 2 tabs, serialized): ${(ms / 1000).toFixed(2)} s, ${(ms / 20).toFixed(0)} ms each, ${(pngBytes / 20 / 1e3).toFixed(0)} KB each`,
        );
      }
    } finally {
      await renderer.close();
    }
  }
};

/**
 * PDFs (as generate makes them: no picture beside) per second of the renderer alone with
 * three tabs, for `count` recipients of one design: the same-run baseline generate is measured against.
 */
export async function rendererAloneRate(design: PreparedDesign, count: number): Promise<number> {
  const renderer = createRenderer({ pages: 3 });
  try {
    for await (const _ of renderer.renderBatch([{ id: 'warm', design, recipient: sampleRecipient(0) }], {
      pdf: true,
      png: false,
    }));
    const t = performance.now();
    const items = Array.from({ length: count }, (_, i) => ({
      id: String(i),
      design,
      recipient: sampleRecipient(i),
    }));
    for await (const _ of renderer.renderBatch(items, { pdf: true, png: false }));
    return count / ((performance.now() - t) / 1000);
  } finally {
    await renderer.close();
  }
}
