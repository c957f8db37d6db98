import { describe, expect, it } from 'vitest';
import { formatDate } from './slots';

describe('formatDate', () => {
  it.each([
    ['2024-05-03', '3 May 2024'],
    ['1999-12-31', '31 December 1999'],
    // The day in UTC, whatever the machine's zone: the certificate says the day the sheet says.
    ['2025-01-01', '1 January 2025'],
  ])('writes %s as %s', (value, expected) => {
    expect(formatDate(value)).toBe(expected);
  });

  it.each(['', 'Spring 2024', '03/05/2024', '2024-13-40'])('leaves %j as it is', (value) => {
    expect(formatDate(value)).toBe(value);
  });
});
