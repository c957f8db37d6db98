import * as z from 'zod';
import { demoDescribeChoices, demoFindUsChoices } from '../demo/messages';
import { email, name } from './auth';
import { anyone, defineRoutes } from './define';

/**
 * /api/demo: what a visitor without an account may do — the six-step live demo
 * (certificate-operations §2.7, §7) and the demo request (account-and-billing §2). Every route is
 * bounded (body length, field lengths) and limited per client and per email by the server.
 */

const shortText = (label: string, max = 100) => name(label).pipe(z.string().max(max));

/** Demo request payload (account-and-billing §3); role is required (§5's seed let it through empty). */
export const demoRequest = z.strictObject({
  firstName: shortText('first name'),
  lastName: shortText('last name'),
  emailAddress: email,
  phoneNumber: z
    .string()
    .trim()
    .min(1, 'Please enter the phone number.')
    .max(32)
    .regex(/^\+?[0-9 ().-]{5,31}$/, 'Please enter a valid phone number.'),
  organizationName: shortText('organization name', 200),
  role: shortText('role'),
  describe: z.union([z.enum(demoDescribeChoices), z.literal('')]).default(''),
  findUs: z.union([z.enum(demoFindUsChoices), z.literal('')]).default(''),
  questions: z.string().trim().max(2000).default(''),
});
export type DemoRequest = z.input<typeof demoRequest>;

/** Step 1 (§7 add recipient). */
export const demoRecipientRequest = z.strictObject({
  firstname: shortText('first name'),
  lastname: shortText('last name'),
  emailaddress: email,
});

/** Every later step names the demo by its one-time code and the visitor's email (§7). */
export const demoHandle = z.strictObject({
  onetimecode: z
    .string()
    .trim()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'Unknown demo.'),
  emailaddress: email,
});
export type DemoHandle = z.infer<typeof demoHandle>;

const mailPreview = z.object({ subject: z.string(), html: z.string() });
export type MailPreview = z.infer<typeof mailPreview>;

/** Where the demo stands, for the wizard to show (and to poll while the certificate is anchored). */
export const demoProgress = z.object({
  firstname: z.string(),
  lastname: z.string(),
  invitation: mailPreview,
  invitationSent: z.boolean(),
  /** The address the visitor's wallet introduced (step 3). */
  publickey: z.string().nullable(),
  /** The certificate's display before it is signed (step 4). */
  certificateHtml: z.string(),
  issuing: z.boolean(),
  /** The issued certificate's JSON (step 4's result). */
  signedcerturl: z.string().nullable(),
  /** The issued certificate on the demo issuer's verifier page. */
  verifyurl: z.string().nullable(),
  /** Step 5's mail, once there is a certificate to send. */
  certificateMail: mailPreview.nullable(),
  certificateMailSent: z.boolean(),
});
export type DemoProgress = z.infer<typeof demoProgress>;

export const demoRoutes = defineRoutes({
  'POST /api/demo/requests': { access: anyone, body: demoRequest, maxBodyLength: 8192, data: z.null() },
  'POST /api/demo/recipients': {
    access: anyone,
    body: demoRecipientRequest,
    maxBodyLength: 2048,
    data: demoProgress.extend({ onetimecode: z.string() }),
  },
  'POST /api/demo/progress': { access: anyone, body: demoHandle, maxBodyLength: 1024, data: demoProgress },
  'POST /api/demo/invitation': { access: anyone, body: demoHandle, maxBodyLength: 1024, data: demoProgress },
  // The batch is queued; the wizard asks for progress until the certificate is published.
  'POST /api/demo/issue': {
    access: anyone,
    body: demoHandle,
    maxBodyLength: 1024,
    data: z.object({ issuing: z.boolean() }),
  },
  'POST /api/demo/certificate-mail': {
    access: anyone,
    body: demoHandle,
    maxBodyLength: 1024,
    data: demoProgress,
  },
});
