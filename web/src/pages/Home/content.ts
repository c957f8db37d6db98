/*
 * The words of the landing page, kept apart from its layout so marketing can change them without
 * touching components. Everything here is static: the page makes no API calls.
 */

export interface PricingPlan {
  name: string;
  pricePerMonthUsd: number;
  blurb: string;
  features: string[];
  highlighted?: boolean;
}

export const maxBatchSize = 2000;
export const freeTrialCertificates = 20;

export const pricingPlans: PricingPlan[] = [
  {
    name: 'Starter',
    pricePerMonthUsd: 39,
    blurb: 'For schools and training centres issuing their first digital certificates.',
    features: [
      'Blockchain-anchored certificates',
      'Certificate designer with ready-made designs',
      'Email delivery to every recipient',
      "Your organisation's own verifier page",
      `Batches up to ${maxBatchSize.toLocaleString('en-US')} certificates`,
    ],
  },
  {
    name: 'Professional',
    pricePerMonthUsd: 69,
    blurb: 'For colleges and employers with a team sharing the work.',
    highlighted: true,
    features: [
      'Everything in Starter',
      'Open Badges, baked and verifiable',
      'Team users with individual permissions',
      'Recipient approval before issuing',
      'Statistics dashboard with CSV export',
    ],
  },
  {
    name: 'Institution',
    pricePerMonthUsd: 99,
    blurb: 'For universities and boards connecting Proofmark to their own systems.',
    features: [
      'Everything in Professional',
      'Your own storage: S3, Azure, Google Drive or FTP',
      'Your own mail server: SMTP or Office 365',
      'Programme import from your student system',
      'Partner and competency co-signatories',
    ],
  },
];

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
