import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChild, type RunningServer } from './child';
import { HOST, waitForPort } from '../ports';

/**
 * cognito-local (USER_PASSWORD_AUTH, RS256 tokens, JWKS at /<pool>/.well-known/jwks.json) with its
 * data in `<dataDir>/.cognito`. The token issuer is this server's own URL.
 */
export const startCognito = async (port: number, dataDir: string, logDir: string): Promise<RunningServer> => {
  const configDir = path.join(dataDir, '.cognito');
  fs.mkdirSync(path.join(configDir, 'db'), { recursive: true });
  const url = `http://${HOST}:${port}`;
  fs.writeFileSync(
    path.join(configDir, 'config.json'),
    JSON.stringify(
      {
        ServerConfig: { hostname: HOST, port, https: false },
        TokenConfig: { IssuerDomain: url },
        UserPoolDefaults: { UsernameAttributes: ['email'] },
        TriggerFunctions: {},
      },
      null,
      2,
    ),
  );
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cognito-child.cjs');
  const proc = startChild('cognito', process.execPath, [script], {
    cwd: dataDir,
    logDir,
    // Codes are printed to the log; no fixed CODE, so every confirmation code is random as in AWS.
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  await Promise.race([
    waitForPort(port, 'cognito-local', 30_000),
    proc.onExit.then(() => {
      throw new Error(`cognito-local exited at start; see ${path.join(logDir, 'cognito.log')}`);
    }),
  ]);
  return { name: 'cognito', url, stop: proc.stop };
};
