import { createRenderer, type Renderer } from './renderer';

export interface KeptRendererOptions {
  pages: number;
  /** How long the browser stays open without work before it is closed. */
  keepMs?: number;
  /**
   * While the kept browser is busy: `own` starts a browser of its own for the newcomer (generate
   * chunks, whose batches are long); `wait` queues it behind the current batch (previews, which
   * take a fraction of a browser launch).
   */
  whenBusy?: 'own' | 'wait';
}

/**
 * One browser kept between the batches a process handles (the local poller runs job messages one
 * after another; a warm Lambda gets the next message or request): a launch plus loading the design
 * in each tab cost seconds. It is closed when idle and dropped after any failure (the retry gets a
 * fresh one). Returns `withRenderer(use)`, which lends the browser to `use`.
 */
export const keptRenderer = ({ pages, keepMs = 20_000, whenBusy = 'own' }: KeptRendererOptions) => {
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
    if (whenBusy === 'wait') {
      const turn = queue.then(() => lend(use));
      queue = turn.catch(() => undefined);
      return turn;
    }
    if (!busy) return lend(use);
    const own = createRenderer({ pages });
    try {
      return await use(own);
    } finally {
      await own.close();
    }
  };
};
