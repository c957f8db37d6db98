import * as z from 'zod';
import {
  badgeKeyView,
  costEstimate,
  costEstimateQuery,
  generateKeyRequest,
  issuingKeyView,
} from '../api/credentials';
import { anyMember, defineRoutes, mainAdmin } from './define';

/** /api/keys: the organisation's issuing keys and the Open Badges signing key. */
export const keysRoutes = defineRoutes({
  // Issuing keys belong to the whole organisation: only its main administrator makes them.
  'POST /api/keys': { access: mainAdmin, body: generateKeyRequest, data: issuingKeyView },
  'GET /api/keys': { access: anyMember, data: z.array(issuingKeyView) },
  'GET /api/keys/estimate': { access: anyMember, query: costEstimateQuery, data: costEstimate },
  // The Open Badges signing key (published in the issuer profile): retire it and start the next.
  'POST /api/keys/badge/rotate': { access: mainAdmin, data: badgeKeyView },
});
