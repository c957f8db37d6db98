import type { QueryClient } from '@tanstack/react-query';
import { readAhead } from '../api/readAhead';
import { isLazyTab, profileTabLoaders } from '../pages/MyProfile/lazyParts';
import { readSession } from '../session';
import { decideRoute } from './guard';
import { pageLoaders } from './pages';
import { findRoute } from './routeTable';

/**
 * Starts what the first screen needs at once, side by side, instead of one after another as
 * rendering discovers it (entry → signed-in header → page → the page's queries, each waiting for
 * the one before): the page's chunk, and for a signed-in user the header's chunk and the data the
 * header and My Profile read first. Each import is the one React asks for later (the same module),
 * so nothing loads twice; anything that fails here is loaded again, and its error shown, by the
 * screen itself. Run from the entry's first module (firstScreen.ts), before React and antd are
 * evaluated.
 */
export function startRoute(pathname: string, search: string, client: QueryClient): void {
  const session = readSession();
  // Not while an administrator's temporary password must be replaced: the user's record read now
  // would still say so once it is, and the frame would take that stale answer for the session.
  const signedIn = session !== null && session.ispasswordchanged !== 1;
  // The two reads every signed-in frame starts with go out first, with the code still loading; the
  // queries take their answers when they run (the client's fetch, api/client.ts). First, because
  // the browser opens only six connections to the server: asked for after the page's chunks, they
  // waited for some forty of them to arrive (about 500 ms of a cold open) before being sent.
  if (signedIn) {
    readAhead('GET /api/profile', session.token);
    readAhead('GET /api/auth/me', session.token);
  }
  const id = findRoute(pathname);
  if (
    id !== undefined &&
    decideRoute(pathname, session !== null, session?.ispasswordchanged === 1).action === 'allow'
  ) {
    void pageLoaders[id]().catch(() => undefined);
    // A My Profile tab that loads on its own (lazyParts.ts), asked for by address: beside the page.
    const tab = new URLSearchParams(search).get('tab');
    if (id === 'myProfile' && isLazyTab(tab)) void profileTabLoaders[tab]().catch(() => undefined);
  }
  if (!signedIn) return;
  void import('../layout/SignedInHeader').catch(() => undefined);
  void import('./signedInData').then((m) => m.prefetchSignedInData(client, session)).catch(() => undefined);
}
