import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';

type Module<T> = { default: T };

// React.lazy's own constraint: any component, whatever its props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Preloadable<T extends ComponentType<any>> = {
  /** Starts (or joins) loading the code; the same request React's render would make. */
  load: () => Promise<Module<T>>;
  Component: LazyExoticComponent<T>;
};

/**
 * A lazily loaded component whose code can be asked for before React renders it (startRoute.ts,
 * the idle prefetch) and which, once that code is in, renders without suspending.
 *
 * Why not React.lazy alone: it suspends on a component's first render even when the chunk has
 * already arrived (a promise cannot say it is settled), and React then holds a boundary's content
 * back until 300 ms after its fallback appeared (its fallback throttle). On a cold open of the
 * Setting tab the frame (the signed-in header) and then the page each showed a spinner and each
 * waited out that throttle, their code already loaded. React.lazy reads its loader's answer
 * through `then`; a module already in is handed over by a `then` that answers at once, so the
 * first render takes it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function preloadable<T extends ComponentType<any>>(
  importer: () => Promise<Module<T>>,
): Preloadable<T> {
  let loaded: Module<T> | undefined;
  let loading: Promise<Module<T>> | undefined;
  const load = () =>
    (loading ??= importer().then(
      (module) => (loaded = module),
      (error: unknown) => {
        // A failed load is tried again by the next caller (the screen itself shows its error).
        loading = undefined;
        throw error;
      },
    ));
  const settled = (module: Module<T>) =>
    ({ then: (resolve: (m: Module<T>) => void) => resolve(module) }) as unknown as Promise<Module<T>>;
  return { load, Component: lazy(() => (loaded ? settled(loaded) : load())) };
}
