import { randomUUID } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { badRequest } from '@proofmark/shared/errors';
import { workspaceMessages as m } from '@proofmark/shared/workspace/messages';
import { dynamoClient } from '../adapters/aws-dynamo';
import { debitItems, refundItems } from './workspace/balance';

/**
 * `POST /api/batches` issues credentials like the workspace does, so it spends the same balance:
 * the certificates are debited (one transaction with its ledger entry) before the batch is made,
 * and given back when it could not be made. Without this the API was a way round billing.
 */
export const withDebit = async <T>(orgId: string, count: number, make: () => Promise<T>): Promise<T> => {
  const chargeId = `api-batch-${randomUUID()}`;
  try {
    await dynamoClient().send(
      new TransactWriteCommand({ TransactItems: debitItems(orgId, count, count, 'api-batch', chargeId) }),
    );
  } catch (err) {
    if ((err as { name?: string })?.name === 'TransactionCanceledException')
      throw badRequest(m.insufficientBalance);
    throw err;
  }
  try {
    return await make();
  } catch (err) {
    await dynamoClient().send(
      new TransactWriteCommand({ TransactItems: refundItems(orgId, count, chargeId) }),
    );
    throw err;
  }
};
