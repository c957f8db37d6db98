import { createRenderer, type Renderer } from './renderer';

export interface KeptRendererOptions {
  pages: number;
  /** How long the browser stays open without work before it is closed. */
  keepMs?: number;
}

/**
 * One browser kept between the batches a process handles (a warm Lambda gets the next message or
 * request; the local cloud's generate loops share one worker): a launch plus loading the design
 * in each tab cost seconds. A batch that comes while the browser is busy waits for it rather than
 * starting a second browser: on a machine of two cores two browsers rendering side by side were
 * slower than one (1,000 rows in 52 s against 45 s). It is closed when idle and dropped after any
 * failure (the retry gets a fresh one). Returns `withRenderer(use)`, which lends the browser to
 * `use` once the batches before it are done with it.
 */
export const keptRenderer = ({ pages, keepMs = 20_000 }: KeptRendererOptions) => {
  let kept: { renderer: Renderer; idle?: NodeJS.Timeout } | undefined;
  let busy = false;
  let queue: Promise<unknown> = Promise.resolve();

  const lend = async <T>(use: (renderer: Renderer) => Promise<T>): Promise<T> => {
    busy = true;
    if (kept && !kept.renderer.usable()) {
      void kept.renderer.close();
      kept = undefined;
    }
    const mine = (kept ??= { renderer: createRenderer({ pages }) });
    clearTimeout(mine.idle);
    try {
      return await use(mine.renderer);
    } catch (err) {
      kept = undefined;
      await mine.renderer.close();
      throw err;
    } finally {
      busy = false;
      if (kept === mine) {
        mine.idle = setTimeout(() => {
          if (kept !== mine || busy) return;
          kept = undefined;
          void mine.renderer.close();
        }, keepMs);
        mine.idle.unref();
      }
    }
  };

  return async <T>(use: (renderer: Renderer) => Promise<T>): Promise<T> => {
    const turn = queue.then(() => lend(use));
    queue = turn.catch(() => undefined);
    return turn;
  };
};
