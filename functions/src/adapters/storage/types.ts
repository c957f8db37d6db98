/**
 * Where an organisation keeps its files (spec §3 storage). Each adapter can write and delete one
 * small object — what Test connection does — and knows nothing about settings rows or secrets.
 */
export type StorageTarget =
  | { kind: 'proofmark' }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      endpoint?: string;
    }
  | { kind: 'azure'; connectionString: string; container: string }
  | { kind: 'gdrive'; credential: string; token: string }
  | { kind: 'ftp'; host: string; port: number; user: string; password: string }
  | { kind: 'local'; path: string };

export interface ProbeObject {
  /** A server-generated name, never a user's. */
  name: string;
  body: string;
  contentType: string;
}

/** How long a connection test may take per network step before it counts as unreachable. */
export const PROBE_TIMEOUT_MS = 10_000;
