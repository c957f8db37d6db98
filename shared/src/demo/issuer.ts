/**
 * The live demo's own organisation (functions/src/domain/demo/issuer.ts): its id and verifier
 * address, shared with the infrastructure, which expires the demo's files by these prefixes.
 */
export const DEMO_ORG_ID = 'proofmark-demo-issuer';
export const DEMO_SLUG = 'proofmark-demo';
/** How long a demo certificate stays published (and verifiable), and its private files kept. */
export const DEMO_FILES_DAYS = 30;
