import * as z from 'zod';
import { envelope } from './envelope';
import { anyMember, defineRoutes, mainAdmin } from './define';

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

/** /api/keys: the organisation's issuing keys and the Open Badges signing key. */
export const keysRoutes = defineRoutes({
  // Issuing keys belong to the whole organisation: only its main administrator makes them.
  'POST /api/keys': { access: mainAdmin, body: generateKeyRequest, data: issuingKeyView },
  'GET /api/keys': { access: anyMember, data: z.array(issuingKeyView) },
  'GET /api/keys/estimate': { access: anyMember, query: costEstimateQuery, data: costEstimate },
  // The Open Badges signing key (published in the issuer profile): retire it and start the next.
  'POST /api/keys/badge/rotate': { access: mainAdmin, data: badgeKeyView },
});
