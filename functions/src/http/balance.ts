import { balanceRoutes } from '@proofmark/shared/contract/balance';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { functionConfig } from '../adapters/function-config';
import { getBalance } from '../domain/billing/balance';
import { requestTopUp } from '../domain/billing/top-up-request';
import { httpGroup } from './route-group';

/** The organisation's certificate balance and the TOP UP request. */
export const handler = httpGroup(balanceRoutes, {
  'GET /api/balance': async (_input, { caller }) => ({ data: { balance: await getBalance(caller.orgId) } }),
  // The mail's failure is the spec's own message (§8), shown as a warning: 502, not an internal error.
  'POST /api/balance/top-up': async ({ body }, { caller, user }) => {
    const sent = await requestTopUp(caller.orgId, user, body, functionConfig().productTeamEmail);
    const data = { sent, balance: await getBalance(caller.orgId) };
    return sent ? { message: m.topUpSent, data } : { status: 502, message: m.topUpMailFailed, data };
  },
});
