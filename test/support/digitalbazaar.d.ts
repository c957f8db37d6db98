// Minimal typings of the Digital Bazaar verifier libraries the Open Badges tests use (they ship none).
declare module '@digitalbazaar/vc' {
  export function verifyCredential(options: {
    credential: object;
    suite: unknown;
    documentLoader: (url: string) => Promise<unknown>;
    checkStatus?: (options: { credential: object }) => Promise<unknown>;
  }): Promise<{ verified: boolean; error?: { message?: string; errors?: Error[] }; [k: string]: unknown }>;
}
declare module '@digitalbazaar/data-integrity' {
  export class DataIntegrityProof {
    constructor(options: { cryptosuite: unknown });
  }
}
declare module '@digitalbazaar/eddsa-rdfc-2022-cryptosuite' {
  export const cryptosuite: unknown;
}
declare module '@digitalbazaar/vc-bitstring-status-list' {
  export function checkStatus(options: {
    credential: object;
    documentLoader: (url: string) => Promise<unknown>;
    suite: unknown;
    verifyBitstringStatusListCredential?: boolean;
    verifyMatchingIssuers?: boolean;
  }): Promise<{ verified: boolean; error?: Error; results: { status: boolean }[] }>;
}
declare module '@digitalbazaar/security-context' {
  const context: { contexts: Map<string, unknown> };
  export default context;
}
declare module '@digitalbazaar/multikey-context' {
  const context: { contexts: Map<string, unknown>; CONTEXT_URL: string };
  export default context;
}
declare module 'did-context' {
  const context: { contexts: Map<string, unknown>; CONTEXT_URL: string };
  export default context;
}
