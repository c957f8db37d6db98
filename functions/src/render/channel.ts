// A bounded hand-over between the page workers and the batch's consumer: workers wait when the
// consumer is slow, so a 2,000-certificate batch never holds more than a few PDFs in memory.
interface Taker<T> {
  resolve: (r: IteratorResult<T>) => void;
  reject: (e: unknown) => void;
}

export class Channel<T> {
  private buffer: T[] = [];
  private takers: Taker<T>[] = [];
  private pushers: Array<() => void> = [];
  private closed = false;
  private failure: { error: unknown } | undefined;

  constructor(private readonly capacity: number) {}

  /** Resolves once the value is handed over or buffered; drops it after close. */
  async push(value: T): Promise<void> {
    while (!this.closed && this.buffer.length >= this.capacity && this.takers.length === 0)
      await new Promise<void>((r) => this.pushers.push(r));
    if (this.closed) return;
    const taker = this.takers.shift();
    if (taker) taker.resolve({ value, done: false });
    else this.buffer.push(value);
  }

  /** No more values: takers see the end once the buffer is drained. */
  close(): void {
    this.closed = true;
    for (const p of this.pushers.splice(0)) p();
    for (const t of this.takers.splice(0)) t.resolve({ value: undefined, done: true });
  }

  fail(error: unknown): void {
    this.failure = { error };
    for (const t of this.takers.splice(0)) t.reject(error);
    this.close();
  }

  async next(): Promise<IteratorResult<T>> {
    if (this.buffer.length > 0) {
      const value = this.buffer.shift() as T;
      this.pushers.shift()?.();
      return { value, done: false };
    }
    if (this.failure) throw this.failure.error;
    if (this.closed) return { value: undefined, done: true };
    return new Promise((resolve, reject) => this.takers.push({ resolve, reject }));
  }
}
