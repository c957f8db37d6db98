/**
 * A small client for the Esplora HTTP API (Blockstream's electrs, mempool.space and compatible
 * servers). Only the calls the Bitcoin anchoring adapter needs; every request has a timeout and
 * every failure names the method, URL and status so an operator can tell which server misbehaved.
 */

/** The part of `fetch` this client uses; tests pass an in-memory implementation. */
export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

export interface EsploraOptions {
  /** e.g. `https://blockstream.info/testnet/api` or `https://mempool.space/api` (trailing slash optional). */
  baseUrl: string;
  fetch?: FetchLike;
  /** Per request, in milliseconds. */
  timeoutMs?: number;
}

/** An unspent output as `GET /address/:addr/utxo` lists it. */
export interface EsploraUtxo {
  txid: string;
  vout: number;
  /** Satoshis. */
  value: number;
  status: { confirmed: boolean; block_height?: number; block_time?: number };
}

/** `GET /tx/:txid/status`. */
export interface EsploraTxStatus {
  confirmed: boolean;
  block_height?: number;
  block_time?: number;
}

/** A failed or timed-out Esplora request. `status` is undefined when no HTTP answer came back. */
export class EsploraError extends Error {
  constructor(
    message: string,
    readonly url: string,
    readonly status?: number,
    readonly body?: string,
  ) {
    super(message);
    this.name = 'EsploraError';
  }
}

export const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * Node answers that mean "this very transaction is already there". Bitcoin Core says "Transaction
 * already in block chain" (renamed "Transaction outputs already in utxo set" in later versions) once
 * mined, "txn-already-in-mempool" / "txn-already-known" while unconfirmed, and
 * "txn-same-nonwitness-data-in-mempool" for the same txid with another witness; some servers say
 * "already exists". A conflicting spend ("txn-mempool-conflict") is deliberately not in this list.
 */
const ALREADY_KNOWN =
  /already in block ?chain|outputs already in utxo set|txn-already-in-mempool|txn-already-known|txn-same-nonwitness-data-in-mempool|already exists/i;

export const isAlreadyKnownAnswer = (text: string): boolean => ALREADY_KNOWN.test(text);

const TXID = /^[0-9a-f]{64}$/i;

const assertTxId = (txid: string): void => {
  if (!TXID.test(txid)) throw new Error(`Not a transaction id (64 hex characters): "${txid}"`);
};

/** Bodies can be whole HTML error pages; keep messages readable. */
const excerpt = (text: string): string => (text.length > 300 ? `${text.slice(0, 300)}…` : text).trim();

export const createEsploraClient = (opts: EsploraOptions) => {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const doFetch: FetchLike = opts.fetch ?? ((url, init) => fetch(url, init));
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  /** One request; resolves to the Response whatever its status, rejects on network failure or timeout. */
  const send = async (
    method: 'GET' | 'POST',
    path: string,
    body?: string,
  ): Promise<{ url: string; res: Response }> => {
    const url = `${base}${path}`;
    const init: RequestInit = { method, signal: AbortSignal.timeout(timeoutMs) };
    if (body !== undefined) {
      init.body = body;
      init.headers = { 'content-type': 'text/plain' };
    }
    try {
      return { url, res: await doFetch(url, init) };
    } catch (err) {
      const name = (err as { name?: string }).name;
      const reason =
        name === 'TimeoutError' || name === 'AbortError'
          ? `timed out after ${timeoutMs} ms`
          : `failed: ${(err as Error).message}`;
      throw new EsploraError(`Esplora ${method} ${url} ${reason}`, url);
    }
  };

  const failure = async (method: string, url: string, res: Response): Promise<EsploraError> => {
    const text = await res.text().catch(() => '');
    return new EsploraError(
      `Esplora ${method} ${url} answered ${res.status}: ${excerpt(text)}`,
      url,
      res.status,
      text,
    );
  };

  /** GET returning the body text; `undefined` on 404 only when the caller allows it. */
  const getText = async (path: string, notFoundIsUndefined = false): Promise<string | undefined> => {
    const { url, res } = await send('GET', path);
    if (res.status === 404 && notFoundIsUndefined) return undefined;
    if (!res.ok) throw await failure('GET', url, res);
    return res.text();
  };

  const getJson = async <T>(path: string, notFoundIsUndefined = false): Promise<T | undefined> => {
    const text = await getText(path, notFoundIsUndefined);
    if (text === undefined) return undefined;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new EsploraError(
        `Esplora GET ${base}${path} returned something other than JSON: ${excerpt(text)}`,
        `${base}${path}`,
      );
    }
  };

  return {
    baseUrl: base,

    /** Unspent outputs of an address (confirmed and in the mempool). */
    async utxos(address: string): Promise<EsploraUtxo[]> {
      return (await getJson<EsploraUtxo[]>(`/address/${encodeURIComponent(address)}/utxo`))!;
    },

    /** A transaction's raw hex, or undefined when the server does not know it. */
    async txHex(txid: string): Promise<string | undefined> {
      assertTxId(txid);
      return (await getText(`/tx/${txid}/hex`, true))?.trim();
    },

    /** Whether and where a transaction is mined, or undefined when the server does not know it. */
    async txStatus(txid: string): Promise<EsploraTxStatus | undefined> {
      assertTxId(txid);
      return getJson<EsploraTxStatus>(`/tx/${txid}/status`, true);
    },

    async tipHeight(): Promise<number> {
      const text = (await getText('/blocks/tip/height'))!.trim();
      const height = Number(text);
      if (!Number.isSafeInteger(height) || height < 0)
        throw new EsploraError(
          `Esplora GET ${base}/blocks/tip/height returned "${excerpt(text)}"`,
          `${base}/blocks/tip/height`,
        );
      return height;
    },

    /** Confirmation target (in blocks, as a string key) → fee rate in sat/vB. May be empty on test networks. */
    async feeEstimates(): Promise<Record<string, number>> {
      return (await getJson<Record<string, number>>('/fee-estimates'))!;
    },

    /**
     * Submits a raw transaction. `alreadyKnown` is true when the server already had it (mempool or
     * chain), which callers treat as success so a retry can re-send the same bytes.
     */
    async broadcast(rawHex: string): Promise<{ txid?: string; alreadyKnown: boolean }> {
      const { url, res } = await send('POST', '/tx', rawHex);
      const text = (await res.text().catch(() => '')).trim();
      if (res.ok) {
        if (!TXID.test(text))
          throw new EsploraError(
            `Esplora POST ${url} answered ${res.status} without a txid: ${excerpt(text)}`,
            url,
            res.status,
            text,
          );
        return { txid: text.toLowerCase(), alreadyKnown: false };
      }
      if (isAlreadyKnownAnswer(text)) return { alreadyKnown: true };
      throw new EsploraError(
        `Esplora POST ${url} answered ${res.status}: ${excerpt(text)}`,
        url,
        res.status,
        text,
      );
    },
  };
};

export type EsploraClient = ReturnType<typeof createEsploraClient>;
