import path from 'node:path';
import { startLocalCloud } from './cloud';
import { PortInUseError } from './ports';
import { teeProductLog } from './product-log';
import { serveOutages } from './outages';

/**
 * `npm start`: the whole product on 127.0.0.1 with its state in .data/. Ctrl-C / SIGTERM stops every
 * server and child process before exiting.
 */
const port = Number(process.env.PORT ?? 3000);
const dataDir = path.resolve(process.env.DATA_DIR ?? '.data');
const outagesAsked = process.env.PROOFMARK_OUTAGES === '1' && !!process.send;

const main = async () => {
  const started = Date.now();
  // The functions' and jobs' JSON log lines (info to stdout, warnings and errors to stderr).
  for (const stream of [process.stdout, process.stderr]) teeProductLog(stream, path.join(dataDir, 'logs'));
  let cloud: Awaited<ReturnType<typeof startLocalCloud>> | undefined;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal} received: stopping…`);
    // Still starting: exiting kills every server started so far (servers/child.ts, on exit).
    if (!cloud) process.exit(1);
    await cloud.stop();
    console.log('Stopped.');
    process.exit(0);
  };
  // Listened to from the start: a signal's default action would end us without our exit
  // listeners, leaving the servers already started running.
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  try {
    // The outage test (test/outage) starts us with an IPC channel to take dependencies down.
    cloud = await startLocalCloud({ dataDir, port, outages: outagesAsked });
  } catch (err) {
    if (err instanceof PortInUseError) {
      console.error(`\n✖ ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const { info } = cloud;
  if (cloud.outages) serveOutages(cloud.outages);
  const lines = [
    '',
    `Proofmark is running (started in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    '',
    `  App            ${info.appUrl}`,
    `  API health     ${info.apiUrl}/health`,
    `  Mail inbox     ${info.endpoints.ses}`,
    `  Chain RPC      ${info.endpoints.chain}  (chain id 1337)`,
    `  Data           ${info.dataDir}`,
    `  Logs           ${path.join(info.dataDir, 'logs')}  (the product's own: product.log)`,
    '',
    'Press Ctrl-C to stop.',
    '',
  ];
  console.log(lines.join('\n'));
  // A machine-readable line for scripts and tests that start us.
  console.log(
    `PROOFMARK_READY ${JSON.stringify({ appUrl: info.appUrl, runtime: path.join(info.dataDir, 'runtime.json') })}`,
  );
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
