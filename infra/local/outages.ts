import net from 'node:net';
import { HOST } from './ports';

/**
 * Outages on demand, for the outage test (test/outage): each local dependency can be taken down
 * and brought back while the product runs. Started only when the parent process asks for it
 * (PROOFMARK_OUTAGES=1 with an IPC channel, see main.ts); `npm start` runs without.
 */
export interface Outage {
  down(): Promise<void>;
  up(): Promise<void>;
}

export const outageNames = ['dynamodb', 's3', 'sqs', 'ses', 'chain'] as const;
export type OutageName = (typeof outageNames)[number];

/** What the parent sends over IPC, and what it is answered once done. */
export interface OutageRequest {
  outage: OutageName;
  action: 'down' | 'up';
  id: number;
}
export interface OutageAnswer {
  id: number;
  error?: string;
}

/**
 * A TCP gate on a server's own port, in front of the server (which listens on another): down closes
 * the port, as a stopped server does — new connections are refused, idle ones are closed, and one
 * waiting for its answer is closed once the answer has passed (a server that is stopped finishes
 * the answers it owes; cutting them would only lose a received message's answer, which SQS too
 * would redeliver, but after the whole visibility timeout). Up opens the same port again. The
 * server behind keeps its state meanwhile (the local queue's messages, the chain), as a restarted
 * one keeps what it stored.
 */
export const tcpGate = async (port: number, target: number) => {
  interface Pair {
    cut: () => void;
    /** A request went up and no answer came back yet. */
    waiting: boolean;
    closing: boolean;
  }
  const pairs = new Set<Pair>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target, HOST);
    const pair: Pair = {
      cut: () => (client.destroy(), upstream.destroy(), pairs.delete(pair)),
      waiting: false,
      closing: false,
    };
    pairs.add(pair);
    for (const s of [client, upstream]) {
      s.on('close', pair.cut);
      s.on('error', pair.cut);
    }
    client.on('data', (chunk) => {
      pair.waiting = true;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      pair.waiting = false;
      if (pair.closing) client.end(chunk, pair.cut);
      else client.write(chunk);
    });
  });
  const listen = (p: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(p, HOST, () => (server.off('error', reject), resolve()));
    });
  await listen(port);
  const actual = (server.address() as net.AddressInfo).port;
  let open = true;
  // Stops listening at once; an answer still owed gets the time of the longest one the product
  // waits for: a long poll of the queue (20 s, pollers.ts). Cut before its answer, a receive that
  // the queue then answers with a message would hide it for the whole visibility timeout.
  const close = (graceful: boolean) => {
    if (server.listening) server.close();
    for (const pair of pairs) {
      if (graceful && pair.waiting) {
        pair.closing = true;
        setTimeout(pair.cut, 25_000).unref();
      } else pair.cut();
    }
  };
  return {
    port: actual,
    url: `http://${HOST}:${actual}`,
    down: async () => {
      if (!open) return;
      open = false;
      close(true);
    },
    up: async () => {
      if (open) return;
      open = true;
      await listen(actual);
    },
    stop: async () => {
      open = false;
      close(false);
    },
  };
};

/** Answers the parent's outage requests (main.ts wires it when asked to). */
export const serveOutages = (outages: Record<OutageName, Outage>) => {
  process.on('message', (raw: unknown) => {
    const req = raw as Partial<OutageRequest>;
    const id = req?.id;
    if (typeof id !== 'number' || !req.outage || !(req.outage in outages)) return;
    const outage = outages[req.outage];
    const act = req.action === 'down' ? outage.down() : outage.up();
    act.then(
      () => process.send?.({ id } satisfies OutageAnswer),
      (err: Error) => process.send?.({ id, error: err.message } satisfies OutageAnswer),
    );
  });
};
