import { randomUUID } from 'node:crypto';
import { AppError, badRequest } from '@proofmark/shared/errors';
import type { DemoHandle } from '@proofmark/shared/contract/demo';
import { demoMessages as m } from '@proofmark/shared/demo/messages';
import { demos } from '../../store/demos';
import { cancellationReasons, update, writeAll } from '../../store/transaction';
import { findBatch } from '../batches/batches';
import { createBatch } from '../batches/creation';
import { generateIssuingKey } from '../keys/issuing-key-generation';
import { activeIssuingKey } from '../keys/issuing-keys';
import { getRecipient } from '../recipients/recipient-store';
import { debitItems } from '../billing/balance';
import { DEMO_BLOCKCHAIN, DEMO_ORG_ID, demoIssuer } from './issuer';
import { limitDemoClient, takeDemoCertificate } from './limits';
import { demoCertificateHtml } from './certificate';
import { CERTTYPE, findDemo } from './records';

/**
 * Step 4: issues the certificate for real. Needs the wallet's address (step 3). The debit of the
 * demo issuer's balance and the demo's batch id are one transaction, so a repeated Issue issues
 * once; the batch itself is built once per id (batches/creation.ts).
 */
export const issueDemoCertificate = async (
  handle: DemoHandle,
  client: string,
): Promise<{ issuing: boolean }> => {
  await limitDemoClient('clientCalls', client);
  let demo = await findDemo(handle);
  const row = await getRecipient(DEMO_ORG_ID, demo.cohortid, CERTTYPE, demo.studentid);
  if (!row?.publicKey) throw badRequest(m.waitForPublicKey);
  if (!demo.batchId) {
    await takeDemoCertificate(demo.email);
    const batchId = randomUUID();
    try {
      await writeAll([
        update(
          demos()
            .patch({ code: demo.code })
            .set({ batchId })
            .where(({ batchId: set }, { notExists }) => notExists(set))
            .params(),
        ),
        ...debitItems(DEMO_ORG_ID, 1, 1, 'issue', batchId),
      ]);
      demo = { ...demo, batchId };
    } catch (err) {
      const reasons = cancellationReasons(err);
      if (!reasons) throw err;
      demo = await findDemo(handle);
      // Not a second Issue of the same demo: the demo issuer's balance is spent.
      if (!demo.batchId) throw new AppError('too_many_requests', m.demoResting);
    }
  }
  if (!(await findBatch(DEMO_ORG_ID, demo.batchId!))) {
    const issuer = await demoIssuer();
    // The demo issuer's key is made by the first Issue (the functions that only mail carry no key code).
    if (!(await activeIssuingKey(DEMO_ORG_ID, DEMO_BLOCKCHAIN)))
      await generateIssuingKey(DEMO_ORG_ID, DEMO_BLOCKCHAIN);
    await createBatch(
      DEMO_ORG_ID,
      {
        blockchain: DEMO_BLOCKCHAIN,
        certificate: { type: CERTTYPE, name: 'Certificate of Completion' },
        recipients: [
          { name: `${demo.firstname} ${demo.lastname}`, email: demo.email, publicKey: row.publicKey },
        ],
      },
      {
        batchId: demo.batchId,
        credentialIds: [`urn:uuid:${demo.certUuid}`],
        displays: [
          {
            contentMediaType: 'text/html',
            content: demoCertificateHtml(issuer.name, demo, new Date(demo.createdAt)),
          },
        ],
      },
    );
  }
  return { issuing: true };
};
