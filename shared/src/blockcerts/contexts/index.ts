// The JSON-LD context documents Proofmark credentials use, bundled so that canonicalization never
// touches the network. Each file is a verbatim copy (see NOTES.md for the source of each).
import credentialsV2 from './credentials-v2.json';
import credentialsV1 from './credentials-v1.json';
import dataIntegrityV2 from './data-integrity-v2.json';
import blockcertsV3_2 from './blockcerts-v3.2.json';
import blockcertsV3_1 from './blockcerts-v3.1.json';
import blockcertsV3 from './blockcerts-v3.json';
import openBadgesV2 from './openbadges-v2.json';
import openBadgesV3 from './openbadges-v3p0-3.0.3.json';
import { CONTEXT } from './urls';

export { BLOCKCERTS_CREDENTIAL_CONTEXT, CONTEXT } from './urls';

// Aliases are the other URLs under which the Blockcerts verifier bundles the same documents, so a
// certificate written with any of them canonicalizes identically here and there.
// Frozen because jsonld caches processed contexts by URL: a mutated copy would silently change hashes.
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

export const BUNDLED_CONTEXTS: ReadonlyMap<string, unknown> = new Map<string, unknown>(
  ([
  [CONTEXT.credentialsV2, credentialsV2],
  [CONTEXT.credentialsV1, credentialsV1],
  [CONTEXT.dataIntegrityV2, dataIntegrityV2],
  [CONTEXT.blockcertsV3_2, blockcertsV3_2],
  ['https://w3id.org/blockcerts/schema/3.2/context.json', blockcertsV3_2],
  ['https://www.blockcerts.org/schema/3.2/context.json', blockcertsV3_2],
  [CONTEXT.blockcertsV3_1, blockcertsV3_1],
  ['https://w3id.org/blockcerts/schema/3.1/context.json', blockcertsV3_1],
  ['https://www.blockcerts.org/schema/3.1/context.json', blockcertsV3_1],
  [CONTEXT.blockcertsV3, blockcertsV3],
  ['https://w3id.org/blockcerts/schema/3.0/context.json', blockcertsV3],
  ['https://www.blockcerts.org/schema/3.0/context.json', blockcertsV3],
  [CONTEXT.openBadgesV2, openBadgesV2],
  ['https://openbadgespec.org/v2/context.json', openBadgesV2],
  [CONTEXT.openBadgesV3, openBadgesV3],
  ] as const).map(([url, doc]) => [url, deepFreeze(doc)]),
);
