import * as z from 'zod';
import { certificateTypeValues } from '../certificate-types';
import { design } from '../designs/model';
import { validCohortId } from '../recipients/rules';
import { anyMember, defineRoutes, writer } from './define';
import { imageUploadRequest } from './profile';
import { certType } from './recipients';

/**
 * /api/designs: the certificate designer (certificate-operations §2.3). A design is data
 * (shared/src/designs/model.ts); each cohort and certificate type has numbered versions that never
 * change, the highest being current. Saving needs the `designcertificate` flag; reading and
 * previewing do not (a member without it sees the design read-only).
 */

const cohort = z
  .string()
  .trim()
  .max(100)
  .refine(validCohortId, { message: 'Please select cohort.' });

export const designMessages = {
  selectCohort: 'Please select cohort.',
  saved: (version: number) => `The design is saved as version ${version}.`,
  imageUploaded: 'The image is uploaded.',
  busy: 'Another save of this design came first. Please try again.',
} as const;

export const galleryQuery = z.object({ certtype: certType });
export const galleryEntry = z.object({
  /** of the design family 1–212 (§2.3, §9) */
  number: z.number().int().min(1).max(212),
  name: z.string(),
  suits: z.array(z.enum(certificateTypeValues)),
  openBadge: z.boolean(),
  /** the design, built for the requested certificate type: where step 2 starts */
  design,
  /** a PNG rendered by our renderer from the design (cached), or null while it is being made */
  thumbnail: z.string().nullable(),
});
export type GalleryEntry = z.infer<typeof galleryEntry>;
export const galleryData = z.object({ designs: z.array(galleryEntry) });

export const designQuery = z.object({ cohort, certtype: certType });
export const designVersionView = z.object({
  version: z.number().int(),
  galleryNumber: z.number().int(),
  savedAt: z.string(),
  savedBy: z.string(),
});
export type DesignVersionView = z.infer<typeof designVersionView>;
export const designData = z.object({
  /** the current design; version 0 is the gallery default of a cohort that saved none */
  current: designVersionView.extend({ design }),
  /** newest first */
  versions: z.array(designVersionView),
  /** the cohort's sheet columns (built-in fields aside), for the placeholder menu */
  columns: z.array(z.string()),
  /** Setting → partner signatories a signature element may show, in order */
  signatories: z.array(z.object({ name: z.string(), role: z.string() })),
  /** short-lived URLs of the design's images, by asset id, for the editor's canvas */
  images: z.record(z.string(), z.string()),
  /** the organisation's logo (null: a monogram is drawn) */
  logo: z.string().nullable(),
  organisation: z.string(),
});
export type DesignData = z.infer<typeof designData>;

export const saveDesignRequest = z.object({
  cohort,
  certtype: certType,
  galleryNumber: z.number().int().min(1).max(212),
  design,
});
export type SaveDesignRequest = z.input<typeof saveDesignRequest>;
export const savedDesignData = z.object({ version: z.number().int() });

export const previewDesignRequest = z.object({
  /** the sample recipient is the cohort's first; without a cohort, a made-up one */
  cohort: z.string().trim().max(100).default(''),
  certtype: certType,
  design,
});
export const previewDesignData = z.object({
  /** the page as the renderer prints it, at 96 dpi: data:image/jpeg;base64 (an open badge's: data:image/png, its badge image) */
  image: z.string(),
  /** who the sample recipient is, by name */
  recipient: z.string(),
});
export type PreviewDesignData = z.infer<typeof previewDesignData>;

export const designImageData = z.object({ asset: z.string(), url: z.string() });

/** 64 kB of design plus the request around it. */
const MAX_DESIGN_REQUEST = 80 * 1024;

export const designsRoutes = defineRoutes({
  'GET /api/designs/gallery': { access: anyMember, query: galleryQuery, data: galleryData },
  'GET /api/designs': { access: anyMember, query: designQuery, data: designData },
  'POST /api/designs': {
    access: writer('designcertificate'),
    body: saveDesignRequest,
    maxBodyLength: MAX_DESIGN_REQUEST,
    data: savedDesignData,
  },
  'POST /api/designs/preview': {
    access: anyMember,
    body: previewDesignRequest,
    maxBodyLength: MAX_DESIGN_REQUEST,
    data: previewDesignData,
  },
  // An image as JSON `{ value }` (base64 or a data: URL), or its raw bytes as the body.
  'POST /api/designs/images': {
    access: writer('designcertificate'),
    body: imageUploadRequest,
    rawBody: true,
    data: designImageData,
  },
});
