import type { Anchor } from '../anchor';
import type { MerkleProof2019Value } from '../proof-value';

/** Overall outcome, worst first in the order the steps can produce them. */
export type VerificationStatus =
  'verified' | 'revoked' | 'suspended' | 'expired' | 'tampered' | 'failed' | 'could-not-check';

export type StepId =
  'format' | 'localHash' | 'merklePath' | 'anchor' | 'issuerKey' | 'revocation' | 'suspension' | 'validity';

export interface StepResult {
  id: StepId;
  label: string;
  status: 'passed' | 'failed' | 'skipped';
  /** Human reason: why it failed, why it was skipped, or a note on a pass. */
  reason?: string;
}

export interface VerificationResult {
  status: VerificationStatus;
  /** The failing step's reason, for a headline. */
  reason?: string;
  failedStep?: StepId;
  /** The reason the issuer gave for revoking it, when it gave one (the headline says the rest). */
  issuerReason?: string;
  steps: StepResult[];
  credentialId?: string;
  issuer?: string;
  anchor?: string;
  /** When the anchoring block was mined (the certificate's proven issue time). */
  anchoredAt?: Date;
}

/** What the anchoring transaction says, as read from the chain. */
export interface AnchorRecord {
  /** The payload (Ethereum `input`, Bitcoin OP_RETURN data), lowercase hex without 0x. */
  data: string;
  /** The sending address (Ethereum `from`, Bitcoin first input's address). */
  from: string;
  blockTime: Date;
}

/**
 * Reads an anchoring transaction. Returns null when the chain has no such mined transaction;
 * throws when the chain could not be asked (the verifier then reports could-not-check).
 */
export interface ChainLookup {
  lookup(anchor: Anchor): Promise<AnchorRecord | null>;
}

/** Picks the lookup for an anchor's chain and network; undefined means "not supported here". */
export type ChainResolver = (anchor: Anchor) => ChainLookup | undefined;

export interface FetchResponseLike {
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}

/** The subset of WHATWG fetch the verifier uses, so tests and servers can inject their own. */
export type FetchLike = (
  url: string,
  init?: { method?: string; headers?: Record<string, string>; body?: string },
) => Promise<FetchResponseLike>;

export interface VerifyOptions {
  /** Fetches the issuer profile, revocation list and status lists. */
  fetch: FetchLike;
  chains: ChainResolver;
  now?: () => Date;
  /**
   * Status list credentials must carry a valid Merkle proof of the same issuer, as the Blockcerts
   * verifier requires. Off only for tests of other steps.
   */
  requireSignedStatusList?: boolean;
}

/** Working state the steps fill in for the steps after them. */
export interface VerificationContext {
  readonly credential: Record<string, unknown>;
  readonly options: VerifyOptions;
  readonly depth: number;
  now: Date;
  credentialId?: string;
  issuerUrl?: string;
  proofValue?: MerkleProof2019Value;
  verificationMethod?: string;
  anchor?: Anchor;
  anchorRecord?: AnchorRecord;
  issuerProfile?: Record<string, unknown>;
}

export class StepFailure extends Error {
  constructor(
    readonly status: Exclude<VerificationStatus, 'verified'>,
    reason: string,
    /** The reason the issuer itself gave (a revocation's `revocationReason`), word for word. */
    readonly issuerReason?: string,
  ) {
    super(reason);
  }
}

export class StepSkipped extends Error {}

export interface VerificationStep {
  id: StepId;
  label: string;
  /** Resolves with an optional note; throws StepFailure or StepSkipped. */
  run(context: VerificationContext): Promise<string | void>;
}
