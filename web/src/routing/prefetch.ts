import { lazyPartLoaders } from '../pages/MyProfile/lazyParts';
import type { RouteId } from './routeTable';

/**
 * The code of the signed-in sections, fetched while the browser is idle after the frame shows, so
 * opening a section (or a tab inside My Profile) does not wait for its chunk. The specifiers are
 * the ones pages.ts loads lazily, so both share one module and one request.
 */
const sectionChunks: Partial<Record<RouteId, () => Promise<unknown>>> = {
  myProfile: () => import('../pages/MyProfile'),
  manageStudents: () => import('../pages/ManageStudents'),
  manageCertificate: () => import('../pages/ManageCertificate'),
  dashboard: () => import('../pages/Dashboard'),
  verification: () => import('../pages/Verification'),
  designCertificate: () => import('../pages/DesignCertificate'),
};

let started = false;

const whenIdle = (run: () => void) => {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 3000 });
  else window.setTimeout(run, 500);
};

/** Loads the sections' chunks one after another, each when the browser is idle; once per page load. */
export function prefetchSections(): void {
  if (started) return;
  started = true;
  // The parts of My Profile that load on their own come after the sections.
  const queue = [...Object.values(sectionChunks), ...lazyPartLoaders];
  const next = () => {
    const load = queue.shift();
    if (!load) return;
    whenIdle(() => {
      // A chunk that fails to load here is loaded again (and its error shown) when opened.
      void load()
        .catch(() => undefined)
        .then(next);
    });
  };
  next();
}

/** Starts one section's chunk at once (the pointer is on its menu entry). */
export function prefetchSection(id: RouteId): void {
  void sectionChunks[id]?.().catch(() => undefined);
}
