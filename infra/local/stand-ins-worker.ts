import { parentPort, workerData } from 'node:worker_threads';
import { startS3 } from './servers/s3';
import { startSqs } from './servers/sqs';
import { startSes } from './servers/ses';
import { startChain } from './servers/chain';
import type { RunningServer } from './servers/child';
import { serveThread } from './service-thread';
import type { StandInsReady, StandInsSetup } from './stand-ins';

/*
 * The thread of the local S3, queue, mail server and chain (stand-ins.ts): they answer the
 * functions and jobs from an event loop of their own, not the gateway's.
 */
const setup = workerData as StandInsSetup;

await serveThread<StandInsReady>(async () => {
  const started: RunningServer[] = [];
  const stop = async () => {
    for (const s of started.reverse()) await s.stop().catch((e) => console.error(`stopping ${s.name}:`, e));
  };
  const settled = await Promise.allSettled([
    startS3(setup.s3.port, setup.s3.dir),
    startSqs(setup.sqs.port),
    startSes(setup.ses.port),
    startChain(setup.chain.port, setup.chain.dir),
  ] as const);
  for (const s of settled) if (s.status === 'fulfilled') started.push(s.value);
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) {
    await stop();
    throw (failed as PromiseRejectedResult).reason;
  }
  const [s3, sqs, ses, chain] = settled.map((s) => (s as PromiseFulfilledResult<RunningServer>).value) as [
    Awaited<ReturnType<typeof startS3>>,
    Awaited<ReturnType<typeof startSqs>>,
    Awaited<ReturnType<typeof startSes>>,
    Awaited<ReturnType<typeof startChain>>,
  ];
  // Each mail's events go to the main thread, which queues them (it knows the queue once provisioned).
  ses.setPublisher(async (mailEvent) => parentPort!.postMessage({ mailEvent }));
  const served = (s: { url: string; port: number }) => ({ url: s.url, port: s.port });
  return {
    ready: {
      servers: { s3: served(s3), sqs: served(sqs), ses: served(ses), chain: served(chain) },
      faucetPrivateKey: chain.faucetPrivateKey,
    },
    stop,
  };
});
