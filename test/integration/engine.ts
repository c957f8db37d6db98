import { createBatchRequest } from '@proofmark/shared/credential-batch';
import { type BatchView } from '@proofmark/shared/contract/batches';
import type { LocalCloudInfo } from '../../infra/local/cloud';
import { cloud } from './helpers';

/**
 * The credential engine's own functions, called in this test process against a local cloud (the
 * functions' environment points the adapters at it). Issuing and changing a status have one public
 * API each, the workspace's; the engine tests need payloads the workspace does not make (a wallet
 * address given in the request, hand-written display HTML, a chosen blockchain), so they call the
 * domain functions the workspace calls, not a second route. The adapters keep their clients, so a
 * test file uses one local cloud here.
 */
export const engine = async (c: LocalCloudInfo = cloud()) => {
  Object.assign(process.env, c.functionEnv);
  const batches = await import('../../functions/src/domain/batches/batches');
  const creation = await import('../../functions/src/domain/batches/creation');
  const editions = await import('../../functions/src/domain/batches/status-list-editions');
  const statusList = await import('../../functions/src/domain/batches/status-list');
  const revocations = await import('../../functions/src/domain/batches/revocations');
  const users = await import('../../functions/src/domain/accounts/users');
  const view = async (orgId: string, batch: Parameters<typeof batches.batchView>[0]): Promise<BatchView> =>
    batches.batchView(batch, (await users.getOrg(orgId))!.verifierSlug);
  return {
    /** Builds, stores and queues a batch for anchoring, as the issue job does. */
    issue: async (orgId: string, body: unknown) =>
      view(orgId, await creation.createBatch(orgId, createBatchRequest.parse(body))),
    /** The same, for a request with its own id (the batch's id), as the workspace's issue job sends. */
    issueAs: async (orgId: string, body: unknown, batchId: string) =>
      view(orgId, await creation.createBatch(orgId, createBatchRequest.parse(body), { batchId })),
    /** Holds or unholds credentials and anchors the new suspension list; the answer is that batch. */
    hold: async (orgId: string, credentialIds: string[], held: boolean) => {
      await statusList.setHeld(orgId, credentialIds, held);
      return view(orgId, await editions.anchorStatusList(orgId, 'suspension'));
    },
    /** Revokes credentials and anchors the new revocation list; the answer is that batch. */
    revoke: async (orgId: string, credentialIds: string[], reason: string) => {
      await revocations.revokeCredentials(orgId, credentialIds, reason);
      return view(orgId, await editions.anchorStatusList(orgId, 'revocation'));
    },
  };
};
