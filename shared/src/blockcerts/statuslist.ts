import { base64urlnopad } from '@scure/base';
import { BLOCKCERTS_CREDENTIAL_CONTEXT } from './contexts/urls';
import { toRfc3339 } from './dates';
import type { StatusPurpose } from './types';

/** Bitstring Status List 1.0 minimum: 16 KB of bits, so one set bit says little about who it is. */
export const MIN_STATUS_LIST_BITS = 131_072;

export class StatusListError extends Error {
  readonly code = 'INVALID_STATUS_LIST';
}

/** A mutable bitstring; index 0 is the left-most (most significant) bit of the first byte. */
export class Bitstring {
  readonly bytes: Uint8Array;

  constructor(lengthOrBytes: number | Uint8Array = MIN_STATUS_LIST_BITS) {
    if (typeof lengthOrBytes === 'number') {
      if (!Number.isSafeInteger(lengthOrBytes) || lengthOrBytes <= 0)
        throw new StatusListError('bitstring length must be a positive integer');
      this.bytes = new Uint8Array(Math.ceil(lengthOrBytes / 8));
    } else {
      this.bytes = lengthOrBytes;
    }
  }

  get length(): number {
    return this.bytes.length * 8;
  }

  get(index: number): boolean {
    this.check(index);
    return (this.bytes[index >> 3]! & (0x80 >> (index & 7))) !== 0;
  }

  set(index: number, value: boolean): void {
    this.check(index);
    if (value) this.bytes[index >> 3]! |= 0x80 >> (index & 7);
    else this.bytes[index >> 3]! &= ~(0x80 >> (index & 7));
  }

  private check(index: number): void {
    if (!Number.isSafeInteger(index) || index < 0 || index >= this.length) {
      throw new StatusListError(`status index ${index} is outside 0..${this.length - 1}`);
    }
  }
}

export interface EncodeOptions {
  /**
   * Prefix the multibase 'u' that Bitstring Status List 1.0 requires. The Blockcerts verifier
   * (cert-verifier-js 8 via @digitalbazaar/bitstring 3.1) decodes without stripping a prefix, so it
   * can read only an unprefixed list — see NOTES.md before changing the default.
   */
  multibase?: boolean;
}

/** encodedList: multibase base64url (no padding) of the GZIP'd bitstring. */
export async function encodeBitstring(bits: Bitstring, options: EncodeOptions = {}): Promise<string> {
  if (bits.length < MIN_STATUS_LIST_BITS)
    throw new StatusListError(`a status list needs at least ${MIN_STATUS_LIST_BITS} entries`);
  const encoded = base64urlnopad.encode(await gzip(bits.bytes));
  return (options.multibase ?? true) ? `u${encoded}` : encoded;
}

/** Reads the spec's 'u'-prefixed form and the prefixless StatusList2021 form. */
export async function decodeBitstring(encodedList: string): Promise<Bitstring> {
  // A GZIP stream starts 1f 8b 08, which is "H4sI" in base64url: that tells the two forms apart.
  const body = encodedList.startsWith('uH4sI') ? encodedList.slice(1) : encodedList;
  if (!body.startsWith('H4sI')) throw new StatusListError('encodedList is not base64url GZIP data');
  let bytes: Uint8Array;
  try {
    bytes = await gunzip(base64urlnopad.decode(body.replace(/=+$/, '')));
  } catch (e) {
    throw new StatusListError('encodedList could not be decompressed', { cause: e });
  }
  return new Bitstring(bytes);
}

// CompressionStream is in Node >= 18 and every current browser: no zlib, no polyfill.
async function gzip(data: Uint8Array): Promise<Uint8Array> {
  return pipe(data, new CompressionStream('gzip'));
}

async function gunzip(data: Uint8Array): Promise<Uint8Array> {
  return pipe(data, new DecompressionStream('gzip'));
}

async function pipe(
  data: Uint8Array,
  transform: CompressionStream | DecompressionStream,
): Promise<Uint8Array> {
  const stream = new Blob([data as Uint8Array<ArrayBuffer>]).stream().pipeThrough(transform);
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export interface StatusListCredentialInput {
  /** Where the list is published; it is the credential id. */
  url: string;
  issuerProfileUrl: string;
  statusPurpose?: StatusPurpose;
  bits: Bitstring;
  validFrom?: Date | string;
  validUntil?: Date | string;
  encode?: EncodeOptions;
}

/**
 * The unsigned BitstringStatusListCredential. The Blockcerts verifier verifies this document like a
 * certificate before trusting it, so it is signed with the same Merkle batch flow (see proof.ts).
 */
export async function buildStatusListCredential(input: StatusListCredentialInput) {
  return {
    '@context': [...BLOCKCERTS_CREDENTIAL_CONTEXT],
    id: input.url,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer: input.issuerProfileUrl,
    validFrom: toRfc3339(input.validFrom ?? new Date()),
    ...(input.validUntil === undefined ? {} : { validUntil: toRfc3339(input.validUntil) }),
    credentialSubject: {
      id: `${input.url}#list`,
      type: 'BitstringStatusList',
      statusPurpose: input.statusPurpose ?? 'suspension',
      encodedList: await encodeBitstring(input.bits, input.encode),
    },
  };
}

export type StatusListCredential = Awaited<ReturnType<typeof buildStatusListCredential>>;
