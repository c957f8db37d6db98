import * as z from 'zod';
import { envelope } from './envelope';
import { certificateTypeValues, DEFAULT_CERTIFICATE_TYPE } from '../certificate-types';

export const blockchainChoice = z.enum(['ethereum', 'bitcoin'], { error: 'Please select blockchain type' });

/** generateAddress (spec §7): key=blockchain, value. Answers Data.publickey (the address). */
export const generateKeyRequest = z.object({ blockchain: blockchainChoice });
export const issuingKeyView = z.object({
  publickey: z.string(),
  blockchain: blockchainChoice,
  fragment: z.string(),
  created: z.string(),
  revoked: z.string().optional(),
});
export type IssuingKeyView = z.infer<typeof issuingKeyView>;
export const generateKeyResponse = envelope(issuingKeyView);
export const costEstimateQuery = z.object({ blockchain: blockchainChoice.default('ethereum') });
export const costEstimate = z.object({
  blockchain: blockchainChoice,
  address: z.string(),
  amount: z.string(),
  unit: z.enum(['wei', 'sat']),
  display: z.string(),
});
/** The Open Badges signing key after a rotation (published in the issuer profile). */
export const badgeKeyView = z.object({
  fragment: z.string(),
  publicKeyMultibase: z.string(),
  created: z.string(),
});

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
    validUntil: z.iso.datetime({ offset: true }).optional(),
  }),
  recipients: z.array(credentialDraft).min(1).max(2000),
});
export type CreateBatchRequest = z.infer<typeof createBatchRequest>;

export const batchStates = ['prepared', 'signing', 'signed', 'broadcast', 'published'] as const;
export const batchView = z.object({
  id: z.string(),
  state: z.enum(batchStates),
  blockchain: blockchainChoice,
  network: z.string(),
  merkleRoot: z.string(),
  count: z.number(),
  txId: z.string().optional(),
  confirmations: z.number().optional(),
  createdAt: z.string(),
  /** Published credentials; Open Badges also come baked into a PNG and an SVG. */
  credentials: z.array(
    z.object({
      id: z.string(),
      url: z.string(),
      bakedPng: z.string().optional(),
      bakedSvg: z.string().optional(),
    }),
  ),
});
export type BatchView = z.infer<typeof batchView>;
export const batchResponse = envelope(batchView);

/** One anchoring transaction (the Setting tab's transaction receipts). */
export const transactionReceipt = z.object({
  batchId: z.string(),
  kind: z.enum(['credentials', 'statuslist']),
  count: z.number(),
  state: z.enum(batchStates),
  blockchain: blockchainChoice,
  network: z.string(),
  txId: z.string().optional(),
  blockNumber: z.number().optional(),
  confirmations: z.number().optional(),
  createdAt: z.string(),
});
export type TransactionReceipt = z.infer<typeof transactionReceipt>;
export const transactionsResponse = envelope(z.array(transactionReceipt));

/** What the Blockcerts Wallet posts to the introduction URL (STANDARDS.md). */
export const walletIntroduction = z.object({
  bitcoinAddress: z.string().trim().min(1).max(120),
  nonce: z.string().trim().min(1).max(200),
  email: z.string().optional(),
  name: z.string().optional(),
});
