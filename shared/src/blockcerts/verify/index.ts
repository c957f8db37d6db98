export {
  verifyCredential,
  verifyIntegrity,
  VERIFICATION_STEPS,
  INTEGRITY_STEPS,
  STATUS_STEPS,
} from './verify-credential';
export { createEvmRpcLookup, ChainRpcError, type EvmRpcLookupOptions } from './chains/evm-rpc';
export { createEsploraLookup, opReturnPayload, type EsploraLookupOptions } from './chains/esplora';
export { chainResolver } from './chains/resolver';
export { verificationSession, DOCUMENT_TTL_MS, type SessionOptions } from './session';
export type {
  AnchorRecord,
  ChainLookup,
  ChainResolver,
  FetchLike,
  FetchResponseLike,
  StepId,
  StepResult,
  VerificationResult,
  VerificationStatus,
  VerificationStep,
  VerifyOptions,
} from './types';
