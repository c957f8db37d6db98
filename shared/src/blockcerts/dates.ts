// RFC 3339 date-times with an explicit offset: the VC data model requires a timezone, and a date
// without one means a different instant in every verifier's locale.
const RFC3339_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

export function isRfc3339WithOffset(value: string): boolean {
  return RFC3339_WITH_OFFSET.test(value) && !Number.isNaN(Date.parse(value));
}

/** Whole-second UTC form ('2025-01-31T09:00:00Z'): milliseconds add nothing a reader needs. */
export function toRfc3339(value: Date | string): string {
  if (typeof value === 'string') {
    if (!isRfc3339WithOffset(value))
      throw new RangeError(`"${value}" is not an RFC 3339 date-time with a timezone`);
    return value;
  }
  if (Number.isNaN(value.getTime())) throw new RangeError('invalid Date');
  return value.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
