import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { routes, routeKey, type RouteDef } from '../../functions/src/routes';
import type { HttpEvent } from '../../functions/src/http/event';
import { httpFunctionTimeoutSeconds } from '../resources';
import { invocationContext, invokeWithTimeout } from './function-timeout';
import { HOST } from './ports';
import type { PublicObject } from './public-reads';
import { serveSite } from './static-site';
import { verifiedTokens } from './verified-tokens';

type GroupHandler = (event: HttpEvent, context: unknown) => Promise<APIGatewayProxyStructuredResultV2>;

/** API Gateway's own limit on a request payload. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

interface CompiledRoute {
  def: RouteDef;
  key: string;
  pattern: RegExp;
  params: string[];
}

const compile = (def: RouteDef): CompiledRoute => {
  const params: string[] = [];
  const source = def.path
    .split('/')
    .map((seg) => {
      const m = /^\{(\w+)\+?\}$/.exec(seg);
      if (!m) return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      params.push(m[1]!);
      return seg.endsWith('+}') ? '(.+)' : '([^/]+)';
    })
    .join('/');
  return { def, key: routeKey(def), pattern: new RegExp(`^${source}$`), params };
};

export interface GatewayOptions {
  port: number;
  cognitoUrl: string;
  userPoolId: string;
  userPoolClientId: string;
  /** The SPA's build (web/dist). */
  webDir: string;
  /** The public verifier's build (web/dist-verifier), served under /verify. */
  verifierDir: string;
  /** Reads an object of the public bucket (what CloudFront serves in AWS); undefined when missing. */
  readPublic: (key: string) => Promise<PublicObject | undefined>;
  /** Loads a group's handler module (the same file the CDK stack bundles). */
  loadGroup: (group: string) => Promise<GroupHandler>;
  /**
   * The SPA's /config.json, which the deployment writes in AWS (web-deployment.ts): values only
   * known at run time, e.g. the public base URL the verifier page fetches certificates from.
   */
  runtimeConfig?: () => Record<string, string>;
  /** Seconds a group's handler may run before the answer is 504 (default: the stack's). */
  functionTimeoutSeconds?: number;
}

const readBody = (req: http.IncomingMessage): Promise<Buffer | 'too-large'> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        resolve('too-large');
        req.resume();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

const isTextual = (contentType: string | undefined) =>
  !contentType || /^(text\/|application\/(json|x-www-form-urlencoded|xml|.*\+json))/.test(contentType);

/** HTTP API JWT authorizers pass claims as strings; arrays become "[a b]". */
const claimsAsAuthorizerDoes = (payload: JWTPayload) =>
  Object.fromEntries(
    Object.entries(payload).map(([k, v]) => [
      k,
      Array.isArray(v) ? `[${v.join(' ')}]` : typeof v === 'string' ? v : String(v),
    ]),
  );

/**
 * The local stand-in for API Gateway (HTTP API) + CloudFront: `/api/*` becomes a v2 event for the
 * group handler of the matching route, authenticated like the JWT authorizer would; everything else
 * is the built SPA with history fallback.
 */
export const startGateway = async (opts: GatewayOptions) => {
  const compiled = routes.map(compile);
  // Routes without path parameters by method and path: most calls are matched without a regex.
  const fixed = new Map(
    compiled.filter((r) => !r.params.length).map((r) => [`${r.def.method} ${r.def.path}`, r]),
  );
  const issuer = `${opts.cognitoUrl}/${opts.userPoolId}`;
  const jwks = createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`));

  const verified = verifiedTokens(async (token) => {
    try {
      const { payload } = await jwtVerify(token, jwks, { issuer });
      // Like the HTTP API authorizer: the audience must match `aud` (ID token) or `client_id` (access token).
      const aud = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
      if (!aud.includes(opts.userPoolClientId) && payload.client_id !== opts.userPoolClientId)
        return undefined;
      // A token without an expiry (or with a not-before) is verified on every use.
      const expiresAt = typeof payload.exp === 'number' && !payload.nbf ? payload.exp * 1000 : 0;
      return { claims: claimsAsAuthorizerDoes(payload), expiresAt };
    } catch {
      return undefined;
    }
  });

  const authorize = async (header: string | undefined) => {
    const token = header?.match(/^Bearer\s+(.+)$/i)?.[1];
    return token ? verified(token) : undefined;
  };

  const send = (
    res: http.ServerResponse,
    status: number,
    body: string | Buffer,
    headers: Record<string, string>,
  ) => {
    res.writeHead(status, headers);
    res.end(body);
  };

  const handleApi = async (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => {
    const method = req.method ?? 'GET';
    const exact = fixed.get(`${method} ${url.pathname}`);
    const match = exact
      ? { r: exact, m: [url.pathname] as RegExpExecArray | string[] }
      : compiled
          .filter((r) => r.def.method === method)
          .map((r) => ({ r, m: r.pattern.exec(url.pathname) }))
          .find((x) => x.m);
    if (!match)
      return send(res, 404, JSON.stringify({ message: 'Not Found' }), { 'content-type': 'application/json' });

    const raw = await readBody(req);
    if (raw === 'too-large')
      return send(res, 413, JSON.stringify({ message: 'Request Entity Too Large' }), {
        'content-type': 'application/json',
      });

    let claims: Record<string, string> | undefined;
    if (match.r.def.auth === 'user') {
      claims = await authorize(req.headers.authorization);
      if (!claims)
        return send(res, 401, JSON.stringify({ message: 'Unauthorized' }), {
          'content-type': 'application/json',
        });
    }

    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers))
      if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(',') : v;
    const textual = isTextual(headers['content-type']);
    const now = new Date();
    const event: HttpEvent = {
      version: '2.0',
      routeKey: match.r.key,
      rawPath: url.pathname,
      rawQueryString: url.search.slice(1),
      cookies: headers.cookie?.split(';').map((c) => c.trim()),
      headers,
      queryStringParameters: url.search ? Object.fromEntries(url.searchParams) : undefined,
      pathParameters: match.r.params.length
        ? Object.fromEntries(match.r.params.map((p, i) => [p, decodeURIComponent(match.m![i + 1]!)]))
        : undefined,
      body: raw.length ? (textual ? raw.toString('utf8') : raw.toString('base64')) : undefined,
      isBase64Encoded: raw.length > 0 && !textual,
      requestContext: {
        accountId: '000000000000',
        apiId: 'local',
        domainName: headers.host ?? HOST,
        domainPrefix: 'local',
        http: {
          method,
          path: url.pathname,
          protocol: `HTTP/${req.httpVersion}`,
          sourceIp: (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, ''),
          userAgent: headers['user-agent'] ?? '',
        },
        requestId: randomUUID(),
        routeKey: match.r.key,
        stage: '$default',
        time: now.toISOString(),
        timeEpoch: now.getTime(),
        ...(claims ? { authorizer: { jwt: { claims, scopes: null } } } : {}),
      },
    };

    const handler = await opts.loadGroup(match.r.def.group);
    const timeout = opts.functionTimeoutSeconds ?? httpFunctionTimeoutSeconds;
    const functionName = `local-${match.r.def.group}`;
    const invocation = await invokeWithTimeout(timeout, () =>
      handler(
        event,
        invocationContext(functionName, timeout, { awsRequestId: event.requestContext.requestId }),
      ),
    );
    if (invocation.timedOut) {
      // As API Gateway answers when its integration does not: the late result is never sent.
      console.error(`${functionName}: Task timed out after ${timeout} seconds (${match.r.key})`);
      return send(res, 504, JSON.stringify({ message: 'Endpoint request timed out' }), {
        'content-type': 'application/json',
      });
    }
    const result = invocation.value;
    const body = result.body ?? '';
    send(res, result.statusCode ?? 200, result.isBase64Encoded ? Buffer.from(body, 'base64') : body, {
      ...(Object.fromEntries(Object.entries(result.headers ?? {}).map(([k, v]) => [k, String(v)])) as Record<
        string,
        string
      >),
      ...(result.cookies?.length ? { 'set-cookie': result.cookies.join(', ') } : {}),
    });
  };

  /**
   * The public bucket under /public/ with CORS, as its CloudFront distribution serves it: issuer
   * profiles, revocation lists and credentials are fetched by verifiers and wallets anywhere.
   * Query strings are ignored (verifiers ask for `<revocationList>?assertionId=…`).
   */
  const cors = {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, HEAD, OPTIONS',
    'access-control-allow-headers': '*',
  };
  const handlePublic = async (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => {
    if (req.method === 'OPTIONS') return send(res, 204, '', { ...cors, 'access-control-max-age': '86400' });
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'Method Not Allowed', cors);
    const key = decodeURIComponent(url.pathname.slice('/public/'.length));
    const obj = key && !key.split('/').includes('..') ? await opts.readPublic(key) : undefined;
    if (!obj)
      return send(res, 404, JSON.stringify({ message: 'Not Found' }), {
        ...cors,
        'content-type': 'application/json',
      });
    send(res, 200, Buffer.from(obj.body), {
      ...cors,
      'content-type': obj.contentType ?? 'application/octet-stream',
      // As CloudFront passes the object's own Cache-Control (documents that change in place say no-cache).
      'cache-control': obj.cacheControl ?? 'public, max-age=60',
    });
  };

  const handleStatic = (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => {
    if (
      url.pathname === '/config.json' &&
      opts.runtimeConfig &&
      (req.method === 'GET' || req.method === 'HEAD')
    ) {
      return send(res, 200, JSON.stringify(opts.runtimeConfig()), {
        'content-type': 'application/json',
        'cache-control': 'no-cache',
      });
    }
    // The public verifier is its own build (web/verifier), mounted at /verify as CloudFront does.
    const isVerifier = url.pathname === '/verify' || url.pathname.startsWith('/verify/');
    const site = isVerifier ? { dir: opts.verifierDir, base: '/verify/' } : { dir: opts.webDir, base: '/' };
    if (!serveSite(site, req, res, url.pathname)) {
      send(res, 503, 'The web app is not built yet: run `npm run build:web`.', {
        'content-type': 'text/plain; charset=utf-8',
      });
    }
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${HOST}`);
    const work =
      url.pathname === '/api' || url.pathname.startsWith('/api/')
        ? handleApi(req, res, url)
        : url.pathname.startsWith('/public/')
          ? handlePublic(req, res, url)
          : Promise.resolve(handleStatic(req, res, url));
    work.catch((err) => {
      // A malformed escape (`%E0%A4%A`, a lone `%`) in the path: API Gateway answers 400, not 500.
      if (err instanceof URIError && !res.headersSent)
        return send(res, 400, JSON.stringify({ message: 'Bad Request: malformed percent-encoding.' }), {
          'content-type': 'application/json',
        });
      console.error('gateway error', err);
      if (!res.headersSent)
        send(res, 500, JSON.stringify({ message: 'Internal Server Error' }), {
          'content-type': 'application/json',
        });
      else res.end();
    });
  });
  // Node closes an idle keep-alive connection after 5 s. When a long job in this same process
  // keeps the event loop busy, that close can land just after a client reused the connection for
  // its next request (ECONNRESET on the client): idle connections are kept as long as an AWS load
  // balancer keeps them instead.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, HOST, () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://${HOST}:${port}`,
    port,
    stop: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
};
