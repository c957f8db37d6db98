import { startTransition, useEffect, useState } from 'react';
import type { ReactNode } from 'react';

/**
 * Shows `fallback` at first and `children` once the browser has painted what is above, so a long
 * screen's first part appears without waiting for every block below it to be built (antd builds
 * each component's styles the first time it is drawn, which is most of a first open's time). The
 * rest is rendered as a transition: React yields to the browser while building it.
 */
export function AfterFirstPaint({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    // The frame is painted before the timer's task runs.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setReady(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return ready ? children : fallback;
}
