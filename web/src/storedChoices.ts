/** localStorage may be missing or refuse (private modes); remembering choices is only a convenience. */
export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Not remembered, nothing else lost.
  }
}

/** Stored choices read back as a record: anything unreadable or not an object is empty. */
export function parseStoredRecord(raw: string | null): Record<string, unknown> {
  let value: unknown;
  try {
    value = raw === null ? {} : JSON.parse(raw);
  } catch {
    value = {};
  }
  return (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
}

/** A stored value when it is one of the allowed ones, else the fallback. */
export const oneOf = <T>(x: unknown, allowed: readonly T[], fallback: T): T =>
  allowed.includes(x as T) ? (x as T) : fallback;
