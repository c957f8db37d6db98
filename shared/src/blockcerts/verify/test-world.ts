// An in-memory issuer, web and chain for verifier tests (not exported from index.ts).
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import { buildIssuerProfile, type IssuingKey } from '../issuer-profile';
import { buildRevocationList, type RevokedAssertion } from '../revocation-list';
import { signBatch } from '../proof';
import { Bitstring, buildStatusListCredential } from '../statuslist';
import { ethereumAddressFromPublicKey } from '../keys';
import { ISSUER_URL, sampleCredential } from '../test-fixtures';
import type { Anchor } from '../anchor';
import type { AnchorRecord, ChainLookup, FetchLike, VerifyOptions } from './types';

export const REVOCATION_URL = 'https://certs.example.edu/issuer/revocations.json';
export const STATUS_URL = 'https://certs.example.edu/status/1.json';
export const ISSUING_PUBLIC_KEY = secp256k1.getPublicKey(hexToBytes('00'.repeat(31) + '07'));
export const ISSUING_ADDRESS = ethereumAddressFromPublicKey(ISSUING_PUBLIC_KEY);
export const BLOCK_TIME = new Date('2025-02-01T12:00:00Z');
export const NOW = new Date('2025-06-01T00:00:00Z');

type Served = unknown | { status: number } | Error;

export class TestWorld {
  readonly web = new Map<string, Served>();
  readonly chain = new Map<string, AnchorRecord | Error>();
  readonly requests: string[] = [];
  private txCounter = 0;

  constructor(keys: Partial<IssuingKey>[] = [{}]) {
    this.publishProfile(keys);
    this.publishRevocations([]);
  }

  publishProfile(keys: Partial<IssuingKey>[]): void {
    this.web.set(
      ISSUER_URL,
      buildIssuerProfile({
        url: ISSUER_URL,
        name: 'Example University',
        homepageUrl: 'https://example.edu',
        email: 'registrar@example.edu',
        keys: keys.map((k, i) => ({
          fragment: `key-${i + 1}`,
          publicKey: ISSUING_PUBLIC_KEY,
          created: '2025-01-01T00:00:00Z',
          ...k,
        })),
        revocationListUrl: REVOCATION_URL,
      }),
    );
  }

  publishRevocations(revoked: RevokedAssertion[]): void {
    this.web.set(
      REVOCATION_URL,
      buildRevocationList({ url: REVOCATION_URL, issuerProfileUrl: ISSUER_URL, revoked }),
    );
  }

  /** Signs and "anchors" a batch: the fake chain records the root, sent from `from`. */
  async issue<T extends { issuer: string | { id: string }; proof?: unknown }>(
    credentials: T[],
    from = ISSUING_ADDRESS,
    blockTime = BLOCK_TIME,
  ) {
    return signBatch(
      credentials,
      async (root) => {
        const txId = `0x${(++this.txCounter).toString(16).padStart(64, '0')}`;
        this.chain.set(txId, { data: root, from, blockTime });
        return `blink:eth:sepolia:${txId}`;
      },
      { created: blockTime },
    );
  }

  async publishStatusList(setBits: number[], options: { sign?: boolean } = {}): Promise<void> {
    const bits = new Bitstring();
    for (const i of setBits) bits.set(i, true);
    const list = await buildStatusListCredential({
      url: STATUS_URL,
      issuerProfileUrl: ISSUER_URL,
      bits,
      validFrom: '2025-01-15T00:00:00Z',
    });
    this.web.set(STATUS_URL, options.sign === false ? list : (await this.issue([list]))[0]);
  }

  async issueOne(overrides: Parameters<typeof sampleCredential>[0] = {}) {
    const [signed] = await this.issue([
      sampleCredential({ validFrom: '2025-01-31T09:00:00Z', ...overrides }),
    ]);
    return signed!;
  }

  readonly fetch: FetchLike = async (url) => {
    this.requests.push(url);
    const served = this.web.get(url.split('?')[0]!);
    if (served instanceof Error) throw served;
    if (served === undefined) return { ok: false, status: 404, json: async () => ({}) };
    if (
      typeof served === 'object' &&
      served !== null &&
      'status' in served &&
      Object.keys(served).length === 1
    ) {
      const status = (served as { status: number }).status;
      return { ok: status < 400, status, json: async () => ({}) };
    }
    return { ok: true, status: 200, json: async () => structuredClone(served) };
  };

  readonly lookup: ChainLookup = {
    lookup: async (anchor: Anchor) => {
      const record = this.chain.get(anchor.txId);
      if (record instanceof Error) throw record;
      return record ?? null;
    },
  };

  options(overrides: Partial<VerifyOptions> = {}): VerifyOptions {
    return {
      fetch: this.fetch,
      chains: (anchor) => (anchor.chain === 'eth' && anchor.network === 'sepolia' ? this.lookup : undefined),
      now: () => NOW,
      ...overrides,
    };
  }
}
