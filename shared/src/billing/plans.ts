/**
 * The three monthly plans (account-and-billing §1: 39, 69 and 99 dollars a month), in one place:
 * the landing page's pricing reads them from here, and so does whatever serves `GET /api/plans`,
 * so the price a visitor reads is the price they are offered. Prices are whole US dollars.
 */
export interface PlanOffer {
  /** Stable id, as plan selection and payment name it. */
  id: string;
  name: string;
  pricePerMonthUsd: number;
  blurb: string;
  features: string[];
  highlighted?: boolean;
}

/** Spec §1: the product's claim of batches up to 2,000 certificates. */
export const MAX_BATCH_SIZE = 2000;

const batchSize = MAX_BATCH_SIZE.toLocaleString('en-US');

export const planOffers: readonly PlanOffer[] = [
  {
    id: 'starter',
    name: 'Starter',
    pricePerMonthUsd: 39,
    blurb: 'For schools and training centres issuing their first digital certificates.',
    features: [
      'Blockchain-anchored certificates',
      'Certificate designer with ready-made designs',
      'Email delivery to every recipient',
      "Your organisation's own verifier page",
      `Batches up to ${batchSize} certificates`,
    ],
  },
  {
    id: 'professional',
    name: 'Professional',
    pricePerMonthUsd: 69,
    blurb: 'For colleges and employers with a team sharing the work.',
    highlighted: true,
    features: [
      'Everything in Starter',
      'Open Badges, baked and verifiable',
      'Team users with individual permissions',
      'Verification: approve or decline each issued certificate',
      'Statistics dashboard with CSV export',
    ],
  },
  {
    id: 'institution',
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
