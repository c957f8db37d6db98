import net from 'node:net';

export const HOST = '127.0.0.1';

/** A port the OS reports free right now on 127.0.0.1. */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, HOST, () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    readonly service: string,
  ) {
    super(
      `Port ${port} (${service}) is already in use on ${HOST}. Stop whatever uses it (is Proofmark already running?) ` +
        `or choose other ports: PORT=<n> npm start (the local services use the ports right after it).`,
    );
  }
}

/** Fails with a clear message when the port is taken, before a server half-starts on it. */
export const assertPortFree = (port: number, service: string): Promise<void> =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRINUSE' ? new PortInUseError(port, service) : err),
    );
    srv.listen(port, HOST, () => srv.close(() => resolve()));
  });

/** Resolves once something accepts TCP connections on the port, or rejects after the deadline. */
export const waitForPort = async (port: number, service: string, timeoutMs = 30_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const sock = net.connect(port, HOST);
      sock.once('connect', () => (sock.destroy(), resolve(true)));
      sock.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline)
      throw new Error(`${service} did not start listening on ${HOST}:${port} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
};
