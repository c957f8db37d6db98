import fs from 'node:fs';
import ganache from 'ganache';
import { HOST } from '../ports';
import type { RunningServer } from './child';

export const LOCAL_CHAIN_ID = 1337;

/**
 * Ganache with deterministic, funded accounts and its database in `.data/`, so the chain (and the
 * transactions certificates are anchored in) survives a restart.
 */
export const startChain = async (
  port: number,
  dataDir: string,
): Promise<RunningServer & { port: number; faucetPrivateKey: string }> => {
  fs.mkdirSync(dataDir, { recursive: true });
  const server = ganache.server({
    wallet: { deterministic: true, totalAccounts: 10, defaultBalance: 1000 },
    chain: { chainId: LOCAL_CHAIN_ID, networkId: LOCAL_CHAIN_ID },
    database: { dbPath: dataDir },
    logging: { quiet: true },
    server: { ws: false },
    miner: { instamine: 'eager' },
  });
  await server.listen(port, HOST);
  const actual = (server.address() as { port: number }).port;
  // The first deterministic account funds new issuing addresses on this dev chain only.
  const accounts = await server.provider.getInitialAccounts();
  const faucetPrivateKey = Object.values(accounts)[0]!.secretKey;
  return {
    name: 'chain',
    url: `http://${HOST}:${actual}`,
    port: actual,
    faucetPrivateKey,
    stop: () => server.close(),
  };
};
