import { preloadable } from '../routing/preloadable';

/**
 * The signed-in header's code: started by the entry for a signed-in user (startRoute.ts) and
 * rendered by AppHeader, without the entry evaluating the header's imports (antd's menu).
 */
export const signedInHeader = preloadable(() => import('./SignedInHeader'));
