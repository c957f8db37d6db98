import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { startChild, type RunningServer } from './child';
import { HOST, waitForPort } from '../ports';

/** The official DynamoDB Local jar (shipped inside amplify-dynamodb-simulator) under Java. */
export const startDynamo = async (
  port: number,
  dataDir: string,
  logDir: string,
): Promise<RunningServer & { signal: (signal: NodeJS.Signals) => void }> => {
  const require = createRequire(import.meta.url);
  const emulatorDir = path.join(
    path.dirname(require.resolve('amplify-dynamodb-simulator/package.json')),
    'emulator',
  );
  const dbPath = path.resolve(dataDir);
  fs.mkdirSync(dbPath, { recursive: true });
  const proc = startChild(
    'dynamodb',
    'java',
    [
      '-Xmx256m',
      // The client compiler only: with the JVM's default tiered compilation, most of DynamoDB
      // Local's CPU went to C2 compiling its hot paths (7.0 s against 2.4–3.0 s over a 500-row
      // generate), CPU taken from Chromium and the functions on a 2-core machine.
      '-XX:TieredStopAtLevel=1',
      '-Djava.library.path=./DynamoDBLocal_lib',
      '-jar',
      'DynamoDBLocal.jar',
      '-port',
      String(port),
      '-sharedDb',
      '-dbPath',
      dbPath,
      '-disableTelemetry',
    ],
    { cwd: emulatorDir, logDir },
  );
  proc.child.once('error', (err) =>
    console.error(`DynamoDB Local could not start (is Java installed?): ${err.message}`),
  );
  await Promise.race([
    waitForPort(port, 'DynamoDB Local', 60_000),
    proc.onExit.then(() => {
      throw new Error(`DynamoDB Local exited at start; see ${path.join(logDir, 'dynamodb.log')}`);
    }),
  ]);
  return {
    name: 'dynamodb',
    url: `http://${HOST}:${port}`,
    stop: proc.stop,
    // SIGSTOP / SIGCONT: a hung database for the outage test (../outages.ts).
    signal: (signal) => proc.child.kill(signal),
  };
};
