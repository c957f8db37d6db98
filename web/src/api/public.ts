import {
  createApiClient,
  type ApiData,
  type ApiInput,
  type CallOptions,
  type PublicRouteKey,
} from '@proofmark/shared/contract/client';

/**
 * Calls of the routes anyone may make (the verifier page's, the token refresh), typed from the
 * contract like every other call. No token is sent and a 401 ends no session, so this module
 * carries none of the session code: the public verifier page uses it without signing anyone in.
 */
const anonymous = createApiClient({ fetch: (input, init) => fetch(input, init), getToken: () => null });

/** The public route's `Data`. */
export const publicApi = <K extends PublicRouteKey>(
  key: K,
  input: ApiInput<K>,
  call?: CallOptions,
): Promise<ApiData<K>> => anonymous.api(key, input, call);

/** The public route's whole answer: its message (shown to the visitor) and `Data`. */
export const publicAnswer = <K extends PublicRouteKey>(key: K, input: ApiInput<K>, call?: CallOptions) =>
  anonymous.answer(key, input, call);
