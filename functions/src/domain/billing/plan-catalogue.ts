import type { Plan } from '@proofmark/shared/contract/billing';

/**
 * The plans a new deployment starts with (the landing page's three), written at provisioning when
 * the catalogue has none of them yet. After that the table is the catalogue: the product team
 * changes it with `npm run plans`, never by editing this list.
 */
export const defaultPlans: Plan[] = [
  {
    planId: 'starter',
    name: 'Starter',
    description: 'For schools and training centres issuing their first digital certificates.',
    priceCents: 3900,
    currency: 'usd',
    certificates: 100,
    entries: [
      { count: 100, name: 'certificates' },
      { count: 2000, name: 'recipients per batch' },
    ],
    features: [
      'Blockchain-anchored certificates',
      'Certificate designer with ready-made designs',
      'Email delivery to every recipient',
      "Your organisation's own verifier page",
    ],
    highlighted: false,
    sortOrder: 10,
  },
  {
    planId: 'professional',
    name: 'Professional',
    description: 'For colleges and employers with a team sharing the work.',
    priceCents: 6900,
    currency: 'usd',
    certificates: 250,
    entries: [
      { count: 250, name: 'certificates' },
      { count: 2000, name: 'recipients per batch' },
    ],
    features: [
      'Everything in Starter',
      'Open Badges, baked and verifiable',
      'Team users with individual permissions',
      'Verification: approve or decline each issued certificate',
      'Statistics dashboard with CSV export',
    ],
    highlighted: true,
    sortOrder: 20,
  },
  {
    planId: 'institution',
    name: 'Institution',
    description: 'For universities and boards connecting Proofmark to their own systems.',
    priceCents: 9900,
    currency: 'usd',
    certificates: 500,
    entries: [
      { count: 500, name: 'certificates' },
      { count: 2000, name: 'recipients per batch' },
    ],
    features: [
      'Everything in Professional',
      'Your own storage: S3, Azure, Google Drive or FTP',
      'Your own mail server: SMTP or Office 365',
      'Programme import from your student system',
      'Partner and competency co-signatories',
    ],
    highlighted: false,
    sortOrder: 30,
  },
];
