import * as z from 'zod';
import { anyMember, defineRoutes, writer } from './define';

export const balanceData = z.object({ balance: z.number().int() });

/** TOP UP (§2.5): how many certificates the organisation asks for, and an optional note. */
export const topUpRequest = z.object({
  amount: z.coerce.number().int().min(1).max(1_000_000).default(100),
  note: z.string().trim().max(500).default(''),
});
/** Answer of a top-up request: `sent` false when the mail failed (status 502, message topUpMailFailed). */
export const topUpData = z.object({ sent: z.boolean(), balance: z.number().int() });

/** /api/balance: certificates the organisation may still issue, and the top-up request. */
export const balanceRoutes = defineRoutes({
  'GET /api/balance': { access: anyMember, data: balanceData },
  // When the mail to the product team fails: 502 with the same Data (`sent` false).
  'POST /api/balance/top-up': { access: writer('issuecertificate'), body: topUpRequest, data: topUpData },
});
