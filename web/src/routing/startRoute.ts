import type { QueryClient } from '@tanstack/react-query';
import { readAhead } from '../api/readAhead';
import { loadAntdStylesheet } from '../antdStylesheet';
import { signedInHeader } from '../layout/signedInHeaderCode';
import { isLazyTab, profileTabs } from '../pages/MyProfile/lazyParts';
import { readSession } from '../session';
import { decideRoute } from './guard';
import { pageLoaders } from './pages';
import { findRoute } from './routeTable';

/**
 * Starts what the first screen needs at once, side by side, instead of one after another as
 * rendering discovers it (entry → signed-in header → page → the page's queries, each waiting for
 * the one before): the page's chunk, and for a signed-in user the header's chunk, antd's stylesheet
 * (antdStylesheet.ts) and the data the header and My Profile read first. Each import is the one
 * React asks for later (the same module), so nothing loads twice; anything that fails here is
 * loaded again, and its error shown, by the screen itself. Run from the entry's first module
 * (firstScreen.ts), before React and antd are evaluated.
 *
 * Settles once a signed-in screen's code and antd's stylesheet are in (whether or not they loaded),
 * at once for a visitor's: the entry renders a signed-in screen then (main.tsx).
 */
export function startRoute(pathname: string, search: string, client: QueryClient): Promise<void> {
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
  const code: Promise<unknown>[] = [];
  const id = findRoute(pathname);
  if (
    id !== undefined &&
    decideRoute(pathname, session !== null, session?.ispasswordchanged === 1).action === 'allow'
  ) {
    code.push(pageLoaders[id]());
    // A My Profile tab that loads on its own (lazyParts.ts), asked for by address: beside the page.
    const tab = new URLSearchParams(search).get('tab');
    if (id === 'myProfile' && isLazyTab(tab)) code.push(profileTabs[tab].load());
  }
  if (signedIn) {
    code.push(signedInHeader.load(), loadAntdStylesheet());
    void import('./signedInData').then((m) => m.prefetchSignedInData(client, session)).catch(() => undefined);
  }
  const inCode = Promise.allSettled(code).then(() => undefined);
  return signedIn ? inCode : Promise.resolve();
}
