/**
 * Text that people read as a name must show what it is: no NUL or other control characters, no
 * invisible direction marks or overrides (U+202E turns "gpj.exe" into "exe.jpg" on screen), no
 * lone surrogate halves (broken UTF-16 that renders differently everywhere).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_OR_BIDI = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const unsafeTextMessage =
  'Names may not contain control characters, invisible direction marks or broken characters.';

export const isSafeText = (s: string): boolean => !CONTROL_OR_BIDI.test(s) && !LONE_SURROGATE.test(s);
