// What a certificate is made of: the issuer's design (shared by a whole batch) and the recipient.
import type { PrintableType } from './kinds';

export interface Signature {
  name: string;
  role: string;
  /** data: URI (or https: URL for browser previews only) of a transparent signature scan */
  image?: string;
}

export interface CertificateDesign {
  type: PrintableType;
  organisation: {
    name: string;
    /** e.g. 'Established 1887 · New Delhi' */
    subtitle?: string;
    /** data: URI; https: URLs only work in browser previews (the renderer fetches nothing) */
    logo?: string;
  };
  /** overrides the type's default title and description */
  title?: string;
  description?: string;
  /** at most three are shown */
  signatures?: Signature[];
}

export interface CertificateRecipient {
  name: string;
  /** a per-recipient description line, e.g. 'Bachelor of Technology in Computer Science' */
  description?: string;
  /** Date, ISO day (formatted) or text shown as given */
  date: Date | string;
  /** the verifier URL the QR code points to */
  verifyUrl: string;
  certificateId?: string;
  /** up to four short label/value pairs: programme, roll number, CGPA, division… */
  details?: Array<{ label: string; value: string }>;
  /** recipient field11: 'krutidev010' means the text fields hold legacy Kruti Dev encoding */
  fontFlag?: string;
}
