// What a certificate is made of: a design (shared/src/designs/model.ts) with what the organisation
// supplies to it (shared by a whole batch), and one recipient.
import type { Design } from '@proofmark/shared/designs/model';

export interface Signature {
  name: string;
  role: string;
  /** data: URI of a transparent signature scan */
  image?: string;
}

/** What a design's organisation elements show: name, logo, signatories and the design's images. */
export interface DesignContext {
  organisation: string;
  /** data: URI; the renderer fetches nothing */
  logo?: string;
  /** Setting → partner signatories (or the organisation's own signature); a signature element picks one by index */
  signatures: Signature[];
  /** the design's stored images (backgrounds, extra logos) as data: URIs, by asset id */
  images: Record<string, string>;
}

/**
 * One object per batch: the renderer keys a loaded page on it, so every recipient of a batch
 * refills one page instead of loading the design again.
 */
export interface PreparedDesign {
  design: Design;
  context: DesignContext;
}

export interface CertificateRecipient {
  /** placeholder values by fieldKey (shared/src/designs/model.ts): built-in fields and sheet columns */
  fields: Record<string, string>;
  /** the verifier URL the QR code points to */
  verifyUrl: string;
  /** up to four short label/value pairs for a details element: programme, roll number, CGPA… */
  details?: Array<{ label: string; value: string }>;
  /** data: URI of the recipient's photo, for a photo element */
  photo?: string;
  /** recipient field11: 'krutidev010' means the name fields hold legacy Kruti Dev encoding */
  fontFlag?: string;
}
