import { createHash } from 'node:crypto';
import type { CertificateType } from '@proofmark/shared/certificate-types';
import type { GalleryEntry } from '@proofmark/shared/contract/designs';
import { objectSize, presignedGetUrl, putObject } from '../../adapters/blobs';
import { keptRenderer } from '../../render/kept-renderer';
import type { CertificateRecipient, PreparedDesign } from '../../render/model';
import { objectKeys } from '../object-keys';
import { GALLERY, type GalleryDesign } from './gallery';

/**
 * Gallery thumbnails (§2.3: one per design number), rendered by our renderer from the designs
 * themselves for a sample organisation and recipient, and cached: in the artefacts bucket under a
 * name that carries a hash of the design, so a changed design gets a new thumbnail, and in this
 * process. The first gallery call of a fresh cloud renders them all in one batch (a few seconds);
 * every later one only signs URLs.
 */

const withRenderer = keptRenderer({ pages: 2, keepMs: 30_000 });
const THUMBNAIL_SCALE = 0.32;

const sampleContext = {
  organisation: 'Northfield University',
  signatures: [
    { name: 'Prof. Anita Rao', role: 'Registrar' },
    { name: 'Dr. Vikram Sethi', role: 'Controller of Examinations' },
    { name: 'Prof. S. K. Mehta', role: 'Vice-Chancellor' },
  ],
  images: {},
};
const sampleRecipient: CertificateRecipient = {
  fields: {
    name: 'Priya Sharma',
    firstname: 'Priya',
    lastname: 'Sharma',
    studentid: 'NU-2025-0142',
    date: '2025-06-30',
    certificateid: 'NU/2025/0142',
  },
  verifyUrl: 'https://verify.example.org/northfield?id=0142',
  details: [
    { label: 'Programme', value: 'B.Sc. Physics' },
    { label: 'CGPA', value: '8.92' },
  ],
};

/** The type a thumbnail shows: the first the design suits. */
const thumbnailType = (g: GalleryDesign): CertificateType => g.suits[0] ?? 'degree';

const thumbnailKey = (g: GalleryDesign) => {
  const hash = createHash('sha256').update(JSON.stringify(g.build(thumbnailType(g)))).digest('hex');
  return objectKeys.galleryThumbnail(`${g.number}-${hash.slice(0, 16)}`);
};

const known = new Set<string>();
let making: Promise<void> | undefined;

/** Renders and stores every thumbnail not in the bucket yet (one batch at a time per process). */
const makeMissing = async () => {
  const keys = GALLERY.map(thumbnailKey);
  const sizes = await Promise.all(keys.map((k) => (known.has(k) ? 1 : objectSize('artefacts', k))));
  const missing = GALLERY.filter((_, i) => sizes[i] === undefined);
  keys.forEach((k, i) => sizes[i] !== undefined && known.add(k));
  if (!missing.length) return;
  const items = missing.map((g) => ({
    id: String(g.number),
    design: { design: g.build(thumbnailType(g)), context: sampleContext } satisfies PreparedDesign,
    recipient: sampleRecipient,
  }));
  await withRenderer(async (renderer) => {
    for await (const out of renderer.renderBatch(items, { pdf: false, png: true, pngScale: THUMBNAIL_SCALE })) {
      if (!out.png) continue; // left for the next call to try again
      const key = thumbnailKey(GALLERY.find((g) => String(g.number) === out.id)!);
      await putObject('artefacts', key, out.png, 'image/png');
      known.add(key);
    }
  });
};

/** The gallery for a certificate type: the designs that suit it, built for it, with thumbnails. */
export const galleryFor = async (certtype: CertificateType): Promise<GalleryEntry[]> => {
  making ??= makeMissing().finally(() => (making = undefined));
  await making;
  return Promise.all(
    GALLERY.filter((g) => g.suits.includes(certtype)).map(async (g) => {
      const key = thumbnailKey(g);
      return {
        number: g.number,
        name: g.name,
        suits: [...g.suits],
        openBadge: g.suits.includes('openbadges'),
        design: g.build(certtype),
        thumbnail: known.has(key) ? await presignedGetUrl('artefacts', key) : null,
      };
    }),
  );
};
