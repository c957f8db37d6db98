/*
 * The words of the landing page, kept apart from its layout so marketing can change them without
 * touching components. The plans and their prices come from the plan catalogue (GET /api/plans).
 */

// Spec §1's claim of batches up to 2,000 certificates is the product's limit per batch.
export {
  FREE_TRIAL_CERTIFICATES as freeTrialCertificates,
  MAX_ROWS_PER_REQUEST as maxBatchSize,
} from '@proofmark/shared/workspace/rules';

export const certificateTypes = [
  'Degree',
  'Migration',
  'Transfer',
  'Awards',
  'Relieving',
  'Bonafide',
  'Medal',
  'Transcript',
  'Semester-wise grade card',
  'Open Badges',
];

export interface Testimonial {
  quote: string;
  name: string;
  role: string;
  organisation: string;
}

// Sample quotes for the launch layout; replace with attributed customer quotes before going live.
export const testimonials: Testimonial[] = [
  {
    quote:
      'We issued our whole graduating class, 1,800 degrees, in one afternoon. Employers now check them online instead of writing to us.',
    name: 'Dr. Meera Iyer',
    role: 'Controller of Examinations',
    organisation: 'Westbrook University',
  },
  {
    quote:
      'Revoking a certificate used to mean letters and phone calls. Now it takes a reason and two clicks, and every verifier sees it at once.',
    name: 'Daniel Okafor',
    role: 'Registrar',
    organisation: 'Lakeside College of Engineering',
  },
  {
    quote:
      'Our members put their Open Badges on their profiles and the badges verify in any reader. It did more for the programme than any brochure.',
    name: 'Sofia Lindqvist',
    role: 'Head of Learning',
    organisation: 'Nordic Project Managers Association',
  },
];

export interface BlogTeaser {
  title: string;
  date: string;
  excerpt: string;
}

// Spec §1: the landing page carries blog teasers. There is no blog to link to yet, so the teasers
// are complete short notes rather than "read more" links that would lead nowhere.
export const blogTeasers: BlogTeaser[] = [
  {
    title: 'Why one transaction can seal 2,000 certificates',
    date: '2026-10-02',
    excerpt:
      'A Merkle tree turns a whole batch into one fingerprint. Anchor that fingerprint once and every certificate in the batch can prove it belongs, on its own, for good.',
  },
  {
    title: 'Revoked, held or expired: what a verifier sees',
    date: '2026-10-21',
    excerpt:
      'A certificate is more than its signature. The verifier also reads its revocation and suspension lists, so a withdrawn degree stops verifying the moment you withdraw it.',
  },
  {
    title: 'Open Badges 3.0 in plain words',
    date: '2026-11-09',
    excerpt:
      'Badges are now W3C Verifiable Credentials. Recipients keep them in any wallet, and any badge reader can check them without asking you.',
  },
];
