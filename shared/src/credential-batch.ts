import * as z from 'zod';
import { certificateTypeValues, DEFAULT_CERTIFICATE_TYPE } from './certificate-types';
import { blockchainChoice } from './contract/keys';

/**
 * One batch of credentials to issue: the credential engine's entry point. The issuance workspace
 * builds these from recipient rows; the API takes them directly too.
 */
export const credentialDraft = z.object({
  name: z.string().trim().min(1).max(200),
  email: z.email().max(254).optional(),
  /** The wallet address the recipient introduced. */
  publicKey: z.string().trim().max(100).optional(),
  /** The rendered certificate (HTML). */
  displayHtml: z.string().max(200_000).optional(),
});
export const createBatchRequest = z.object({
  blockchain: blockchainChoice.default('ethereum'),
  certificate: z.object({
    /** 'openbadges' issues Open Badges 3.0 credentials; every other type a Blockcerts certificate. */
    type: z.enum(certificateTypeValues).default(DEFAULT_CERTIFICATE_TYPE),
    name: z.string().trim().min(1).max(200),
    description: z.string().trim().max(2000).optional(),
    /** Open badges: the achievement's criteria narrative (an open-badge design sets it). */
    criteria: z.string().trim().max(2000).optional(),
    validUntil: z.iso.datetime({ offset: true }).optional(),
  }),
  recipients: z.array(credentialDraft).min(1).max(2000),
});
export type CreateBatchRequest = z.infer<typeof createBatchRequest>;
