import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { SMTPServer } from 'smtp-server';
import { FtpSrv } from 'ftp-srv';
import { freePort } from '../../infra/local/ports';

/*
 * Real servers the settings tests point Test connection and Send test email at. Each listens on
 * 127.0.0.1 only, on a free port, and is stopped by the test's afterAll. The functions run in the
 * local cloud's process on this machine, so they reach these servers directly.
 */

const HOST = '127.0.0.1';

/** ftp-srv logs through a bunyan-like logger; the tests want it quiet. */
interface QuietLog {
  child: () => QuietLog;
  trace: () => void;
  debug: () => void;
  info: () => void;
  warn: () => void;
  error: () => void;
  fatal: () => void;
}
const quietLog: QuietLog = {
  child: () => quietLog,
  trace() {},
  debug() {},
  info() {},
  warn() {},
  error() {},
  fatal() {},
};
const tempDir = (tag: string) => fs.mkdtempSync(path.join(os.tmpdir(), `proofmark-${tag}-`));

export interface ReceivedMail {
  from: string;
  to: string[];
  user: string;
  raw: string;
}

/**
 * An SMTP server with user-name-and-password and XOAUTH2 sign-in, keeping what it receives. `refuses`
 * names recipients it turns away as a real server does (550 at RCPT TO).
 */
export const startSmtp = async (
  accounts: { user: string; pass?: string; accessToken?: string }[],
  refuses: (recipient: string) => boolean = () => false,
) => {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN', 'XOAUTH2'],
    logger: false,
    onAuth(auth, _session, callback) {
      const ok = accounts.some((a) =>
        auth.method === 'XOAUTH2'
          ? a.accessToken && a.user === auth.username && a.accessToken === auth.accessToken
          : a.pass && a.user === auth.username && a.pass === auth.password,
      );
      if (ok) return callback(null, { user: auth.username });
      if (auth.method === 'XOAUTH2')
        return callback(null, {
          data: { status: '401', schemes: 'bearer', scope: 'https://mail.google.com/' },
        });
      return callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (!refuses(address.address)) return callback();
      callback(
        Object.assign(new Error('5.1.1 Mailbox unavailable: no such user here'), { responseCode: 550 }),
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: String(session.user ?? ''),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () => resolve());
  });
  return { port, received, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

export interface TokenCall {
  grant_type: string;
  client_id: string;
  client_secret: string;
  refresh_token?: string;
  scope?: string;
}

/** An OAuth 2 token endpoint (POST /token) for the refresh-token and client-credentials grants. */
export const startTokenServer = async (
  clients: { id: string; secret: string; refreshToken?: string; accessToken: string }[],
) => {
  const calls: TokenCall[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body)) as unknown as TokenCall;
      calls.push(form);
      const client = clients.find((c) => c.id === form.client_id && c.secret === form.client_secret);
      const grantOk =
        form.grant_type === 'client_credentials' ||
        (form.grant_type === 'refresh_token' && client?.refreshToken === form.refresh_token);
      res.setHeader('content-type', 'application/json');
      if (req.method !== 'POST' || req.url !== '/token' || !client) {
        res
          .writeHead(401)
          .end(JSON.stringify({ error: 'invalid_client', error_description: 'unknown client' }));
      } else if (!grantOk) {
        res.writeHead(400).end(JSON.stringify({ error: 'invalid_grant' }));
      } else {
        res
          .writeHead(200)
          .end(JSON.stringify({ access_token: client.accessToken, token_type: 'Bearer', expires_in: 3599 }));
      }
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, HOST, () => resolve()));
  return {
    url: `http://${HOST}:${port}/token`,
    calls,
    stop: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
};

/** An FTP server with one account whose home is a temporary folder. */
export const startFtp = async (account: { user: string; pass: string }) => {
  const root = tempDir('ftp');
  const port = await freePort();
  const pasvMin = 20000 + Math.floor(Math.random() * 20000);
  const server = new FtpSrv({
    url: `ftp://${HOST}:${port}`,
    pasv_url: HOST,
    pasv_min: pasvMin,
    pasv_max: pasvMin + 200,
    anonymous: false,
    greeting: 'Proofmark test FTP',
    log: quietLog,
  });
  server.on('login', ({ username, password }, resolve, reject) => {
    if (username === account.user && password === account.pass) resolve({ root });
    else reject(new Error('Invalid username or password'));
  });
  await server.listen();
  return {
    port,
    root,
    stop: async () => {
      await server.close();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
};

const waitForPort = async (port: number, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, HOST);
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on ${HOST}:${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

/** Azurite's well-known development account (public, documented by Microsoft). */
export const AZURITE_ACCOUNT = 'devstoreaccount1';
export const AZURITE_KEY =
  'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

/** Azurite's blob service as a child process with a temporary workspace. */
export const startAzurite = async () => {
  const location = tempDir('azurite');
  const port = await freePort();
  const main = path.resolve(import.meta.dirname, '../../node_modules/azurite/dist/src/blob/main.js');
  const child: ChildProcess = spawn(
    process.execPath,
    [
      main,
      '--blobHost',
      HOST,
      '--blobPort',
      String(port),
      '--location',
      location,
      '--silent',
      '--skipApiVersionCheck',
      '--disableTelemetry',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  try {
    await waitForPort(port);
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`Azurite did not start: ${stderr}`, { cause: err });
  }
  const blobEndpoint = `http://${HOST}:${port}/${AZURITE_ACCOUNT}`;
  return {
    blobEndpoint,
    connectionString: (key = AZURITE_KEY) =>
      `DefaultEndpointsProtocol=http;AccountName=${AZURITE_ACCOUNT};AccountKey=${key};BlobEndpoint=${blobEndpoint};`,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(location, { recursive: true, force: true });
    },
  };
};

/** A port nothing listens on (for "unreachable host" cases). */
export const closedPort = () => freePort();
export { tempDir };
