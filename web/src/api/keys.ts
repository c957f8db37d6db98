import type { ApiInput } from './client';
import { answer } from './client';

/** The organisation's issuing keys, typed from the contract (shared/src/contract/keys.ts). */
export const keysApi = {
  list: () => answer('GET /api/keys', {}),
  generate: (blockchain: ApiInput<'POST /api/keys'>['body']['blockchain']) =>
    answer('POST /api/keys', { body: { blockchain } }),
};
