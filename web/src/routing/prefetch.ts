import { lazyPartLoaders } from '../pages/MyProfile/lazyParts';
import { pageLoaders } from './pages';
import type { RouteId } from './routeTable';

/**
 * The signed-in sections whose code is fetched while the browser is idle after the frame shows,
 * so opening a section (or a tab inside My Profile) neither waits for its chunk nor shows a
 * spinner (pages.ts: a page whose code is in renders at once).
 */
const sections: RouteId[] = [
  'myProfile',
  'manageStudents',
  'manageCertificate',
  'dashboard',
  'verification',
  'designCertificate',
];

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
  const queue = [...sections.map((id) => pageLoaders[id]), ...lazyPartLoaders];
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
  if (sections.includes(id)) void pageLoaders[id]().catch(() => undefined);
}
