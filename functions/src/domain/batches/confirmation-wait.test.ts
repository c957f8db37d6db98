import { describe, expect, it } from 'vitest';
import { confirmationsWithin } from './confirmation-wait';

/** Readings in turn, the last one repeated; counts the reads. */
const chain = (...readings: (number | undefined)[]) => {
  let reads = 0;
  const read = async () => {
    const n = readings[Math.min(reads++, readings.length - 1)];
    return n === undefined ? undefined : { confirmations: n };
  };
  return { read, reads: () => reads };
};

describe('confirmationsWithin', () => {
  it('looks again until the transaction has its confirmations', async () => {
    const c = chain(undefined, 0, 1);
    expect(await confirmationsWithin(c.read, 1, 2000, 5)).toEqual({ confirmations: 1 });
    expect(c.reads()).toBe(3);
  });

  it('reads once when they are there already', async () => {
    const c = chain(3);
    expect(await confirmationsWithin(c.read, 2, 2000, 5)).toEqual({ confirmations: 3 });
    expect(c.reads()).toBe(1);
  });

  it('answers the last reading when the time is up', async () => {
    const c = chain(0);
    expect(await confirmationsWithin(c.read, 1, 50, 5)).toEqual({ confirmations: 0 });
    expect(c.reads()).toBeGreaterThan(1);
  });
});
