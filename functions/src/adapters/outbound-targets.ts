import { lookup } from 'node:dns/promises';
import net from 'node:net';
import path from 'node:path';
import { functionConfig } from './function-config';

/**
 * Servers a tenant names (S3-compatible endpoint, FTP, SMTP, OAuth token URL) are reached from
 * inside our network, so a name must not lead to our own machine, a private network or the cloud's
 * metadata service. Checked after DNS resolution (every address the name resolves to).
 *
 * One-machine exception: the local cloud sets ONE_MACHINE_ALLOWED_TARGETS to the exact addresses
 * of its own stand-in servers (127.0.0.1); the stack never sets it, so in AWS nothing private is
 * allowed.
 */
const allowedHere = () => functionConfig().oneMachine.allowedTargets;

const v4Blocked: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

const v4Number = (ip: string) => ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);

const v4IsPrivate = (ip: string) =>
  v4Blocked.some(([base, bits]) => {
    const mask = bits === 0 ? 0 : 2 ** 32 - 2 ** (32 - bits);
    return (v4Number(ip) & mask) >>> 0 === (v4Number(base) & mask) >>> 0;
  });

/** Loopback, unspecified, private, link-local, CGNAT, multicast, reserved, metadata — in v4 or v6. */
export const isPrivateAddress = (ip: string): boolean => {
  if (net.isIPv4(ip)) return v4IsPrivate(ip);
  const a = ip.toLowerCase().replace(/^\[|\]$/g, '');
  const mapped = /^(?:0*:)*:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a) ?? /^::(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (mapped) return v4IsPrivate(mapped[1]!);
  if (a === '::' || a === '::1') return true;
  const first = parseInt(a.split(':')[0] || '0', 16);
  return (
    (first & 0xfe00) === 0xfc00 || // unique local (includes AWS's fd00:ec2::254 metadata)
    (first & 0xffc0) === 0xfe80 || // link-local
    (first & 0xff00) === 0xff00 || // multicast
    a.startsWith('64:ff9b:') // NAT64 of any v4, private included
  );
};

export class PrivateTargetError extends Error {
  code = 'EPRIVATETARGET';
}

/** Refuses a host name (or IP literal) that is or resolves to a private address. */
export const assertPublicHost = async (host: string): Promise<void> => {
  const bare = host.replace(/^\[|\]$/g, '');
  const addresses = net.isIP(bare) ? [bare] : (await lookup(bare, { all: true })).map((a) => a.address);
  const allowed = allowedHere();
  const bad = addresses.find((a) => isPrivateAddress(a) && !allowed.includes(a));
  if (bad) throw new PrivateTargetError(`${host} resolves to ${bad}, a private or local address`);
};

export const assertPublicUrl = async (url: string) => assertPublicHost(new URL(url).hostname);

/**
 * The local-folder storage exists only on one machine (the local cloud sets ONE_MACHINE_DATA_DIR)
 * and only inside its data folder. Answers the resolved folder, or undefined when not allowed.
 */
export const confinedLocalFolder = (requested: string): string | undefined => {
  const root = functionConfig().oneMachine.dataDir;
  if (!root) return undefined;
  const base = path.resolve(root);
  const dir = path.resolve(base, requested);
  return dir === base || dir.startsWith(base + path.sep) ? dir : undefined;
};
