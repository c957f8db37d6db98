import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
};

/** Vite puts every content-hashed file under assets/: cached for a year, never revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A built web app served from `dir` under the URL prefix `base` ('/' or '/verify/'). */
export interface StaticSite {
  dir: string;
  base: string;
}

/** The encodings the client accepts (`br`, `gzip`), without those it refuses with q=0. */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name);
  }
  return accepted;
}

/**
 * Sends one file of a build: its precompressed `.br` or `.gz` twin (written by the build, see
 * web/build/precompress.ts) when the client accepts it, as CloudFront does in AWS.
 */
function sendFile(req: http.IncomingMessage, res: http.ServerResponse, file: string, cacheControl: string) {
  const accepted = acceptedEncodings(req.headers['accept-encoding']);
  const variant = (
    [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const
  ).find(([encoding, ext]) => accepted.has(encoding) && fs.existsSync(file + ext));
  const body = fs.readFileSync(variant ? file + variant[1] : file);
  res.writeHead(200, {
    'content-type': MIME[path.extname(file)] ?? 'application/octet-stream',
    'cache-control': cacheControl,
    vary: 'accept-encoding',
    'content-length': String(body.length),
    ...(variant ? { 'content-encoding': variant[0] } : {}),
  });
  res.end(body);
}

/**
 * Serves `pathname` (which starts with `site.base`, or is the base without its slash) from the
 * build: a file as it is, any other GET as the app's index.html (history fallback for client-side
 * routes, as the CloudFront function does). False when the app is not built.
 */
export function serveSite(
  site: StaticSite,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  pathname: string,
): boolean {
  const indexFile = path.join(site.dir, 'index.html');
  if (!fs.existsSync(indexFile)) return false;
  const rel = path
    .normalize(decodeURIComponent(pathname).slice(site.base.length - 1))
    .replace(/^([/\\])+/, '');
  const file = path.join(site.dir, rel);
  const inside = file.startsWith(site.dir + path.sep);
  if (inside && fs.existsSync(file) && fs.statSync(file).isFile()) {
    sendFile(req, res, file, rel.startsWith('assets/') ? IMMUTABLE : 'no-cache');
    return true;
  }
  if (req.method === 'GET' || req.method === 'HEAD') {
    sendFile(req, res, indexFile, 'no-cache');
    return true;
  }
  res.writeHead(404, { 'content-type': 'text/plain' });
  res.end('Not found');
  return true;
}
