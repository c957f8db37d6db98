import { batchesRoutes } from '@proofmark/shared/contract/batches';
import { notFound } from '@proofmark/shared/errors';
import { batchView, getBatch } from '../domain/batches/batches';
import { getOrg } from '../domain/accounts/users';
import { httpGroup } from './route-group';

const slugOf = async (orgId: string) => {
  const org = await getOrg(orgId);
  if (!org) throw notFound('No such organisation.');
  return org.verifierSlug;
};

// Batches are only read here: issuing, revoking, holding and unholding live in the workspace's
// routes (one rule set per action: its password check, balance debit, row and dashboard updates).
export const handler = httpGroup(batchesRoutes, {
  'GET /api/batches/{id}': async ({ params }, { caller }) => ({
    data: batchView(await getBatch(caller.orgId, params.id), await slugOf(caller.orgId)),
  }),
});
