import * as z from 'zod';
import { anyone, defineRoutes } from './define';
import { verifierSlug } from './public';

/**
 * Paid verification requests (spec account-and-billing §3's verification request row): on an
 * organisation's public verifier page an employer asks it to verify a candidate and pays the
 * organisation's fee through the organisation's own Stripe account (its keys from Setting → payment
 * provider, never ours). The fee and currency come from the organisation's settings; an amount the
 * browser sends is not read.
 */

const field = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} is at most ${max} characters.`);

export const verificationRequestForm = z.object({
  payer_name: field('Your name', 120),
  organization: field('Organisation', 200),
  designation: field('Designation', 120),
  email: z
    .string({ error: 'Email is required.' })
    .trim()
    .toLowerCase()
    .max(254, 'Email is at most 254 characters.')
    .pipe(z.email('Please enter a valid email address.')),
  contactnumber: z
    .string({ error: 'Contact number is required.' })
    .trim()
    .regex(/^\+?[0-9 ()./-]{5,32}$/, 'Please enter a contact number (digits, spaces, + ( ) - .).'),
  fullname: field("Candidate's full name", 200),
  enrollnumber: field('Enrolment number', 100),
  competencyname: field('Competency name', 200),
});
export type VerificationRequestForm = z.infer<typeof verificationRequestForm>;

/** What the verifier page shows: the form with the fee, or one sentence why there is none. */
export const verificationOfferData = z.object({
  accepting: z.boolean(),
  /** When not accepting: why, for the visitor. */
  message: z.string().optional(),
  amountCents: z.number().int().optional(),
  currency: z.string().optional(),
});
export type VerificationOfferData = z.infer<typeof verificationOfferData>;

export const verificationRequestId = z.uuid({ error: 'Unknown verification request.' });

export const startedVerificationRequest = z.object({
  requestId: verificationRequestId,
  /** The PaymentIntent on the organisation's account. */
  paymentId: z.string(),
  clientSecret: z.string(),
  /** The organisation's publishable key: the card form confirms on its account. */
  publishableKey: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  /** One machine only: the local Stripe stand-in's URL (the "local test payments" card form). */
  standInUrl: z.string().optional(),
});

export const verificationRequestStates = ['paid', 'unpaid', 'processing'] as const;
export const confirmedVerificationRequest = z.object({
  requestId: verificationRequestId,
  status: z.enum(verificationRequestStates),
  amountCents: z.number().int(),
  currency: z.string(),
  /** Set once paid: the payment's id on the organisation's Stripe account. */
  transactionId: z.string().optional(),
});

const slugParams = z.object({ slug: verifierSlug });

/** /api/public/verifiers/{slug}/verification-requests: anyone, limited per client. */
export const verificationRequestRoutes = defineRoutes({
  'GET /api/public/verifiers/{slug}/verification-requests': {
    access: anyone,
    params: slugParams,
    data: verificationOfferData,
  },
  'POST /api/public/verifiers/{slug}/verification-requests': {
    access: anyone,
    params: slugParams,
    body: verificationRequestForm,
    maxBodyLength: 4096,
    data: startedVerificationRequest,
  },
  'POST /api/public/verifiers/{slug}/verification-requests/{requestId}/confirm': {
    access: anyone,
    params: slugParams.extend({ requestId: verificationRequestId }),
    maxBodyLength: 256,
    data: confirmedVerificationRequest,
  },
});
