import { batchView } from '../api/credentials';
import { anyMember, defineRoutes } from './define';

/**
 * /api/batches: a batch is only read here (e.g. a status-list edition). Issuing, revoking, holding
 * and unholding have one API each, the workspace's (/api/workspace/*), with its checks, debit and
 * row updates.
 */
export const batchesRoutes = defineRoutes({
  'GET /api/batches/{id}': { access: anyMember, data: batchView },
});
