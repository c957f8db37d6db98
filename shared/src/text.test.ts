import { describe, expect, it } from 'vitest';
import { isSafeText } from './text';

describe('isSafeText', () => {
  it('accepts names in any script, with emoji', () => {
    for (const s of ['Ada Lovelace', 'Zoë Ñúñez', 'Марія', '李小龙', 'देवनागरी', 'محمد', 'O’Brien 🎓'])
      expect(isSafeText(s)).toBe(true);
  });
  it('refuses NUL, controls, bidi overrides, zero-width and lone surrogates', () => {
    for (const s of ['a\u0000b', 'a\nb', 'a\u202eb', 'a\u2066b', 'a\u200bb', 'a\ud800b', 'a\udc00', '\u0085'])
      expect(isSafeText(s)).toBe(false);
  });
});
