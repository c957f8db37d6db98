// Kruti Dev 010 → Unicode Devanagari.
//
// Kruti Dev is a legacy "font hack": Hindi was typed as Latin-1 bytes and a font drew them as
// Devanagari glyphs. Recipient rows flagged field11 = 'krutidev010' still hold such bytes. We
// convert them to Unicode instead of shipping the font: the font is not freely redistributable
// and its PDF text would not be searchable or copyable.
//
// Two things make it more than a lookup table: the short-i sign (ि) is typed *before* its
// consonant cluster, and the reph (र् above a letter, typed 'Z') *after* its syllable. Both are
// moved into Unicode's logical order after the glyph-for-glyph pass.

const HALANT = '\u094D';
const NUKTA = '\u093C';
const I_SIGN = '\u093F';
/** Private-use placeholder for a reph until it is moved in front of its syllable. */
const REPH = '\uE000';

// Kruti Dev sequence → Unicode. Matching is longest-first, so multi-byte sequences such as
// 'vks' (ओ) win over their prefixes ('vk' आ, 'v' अ).
const TABLE: Record<string, string> = {
  // independent vowels
  'v‚': 'ऑ',
  vks: 'ओ',
  vkS: 'औ',
  vk: 'आ',
  v: 'अ',
  'b±': 'ईं',
  bZ: 'ई',
  Ã: 'ई',
  b: 'इ',
  m: 'उ',
  Å: 'ऊ',
  _: 'ऋ',
  ',s': 'ऐ',
  ',': 'ए',
  // consonants: a half form followed by 'k' (the ा stroke) is the full consonant
  d: 'क',
  Dk: 'क',
  D: 'क्',
  '[k': 'ख',
  '[': 'ख्',
  x: 'ग',
  Xk: 'ग',
  X: 'ग्',
  '?k': 'घ',
  '?': 'घ्',
  '³': 'ङ',
  p: 'च',
  Pk: 'च',
  P: 'च्',
  N: 'छ',
  t: 'ज',
  Tk: 'ज',
  T: 'ज्',
  '>': 'झ',
  '÷': 'झ्',
  '¥': 'ञ',
  V: 'ट',
  B: 'ठ',
  M: 'ड',
  '<': 'ढ',
  '.k': 'ण',
  '.': 'ण्',
  r: 'त',
  Rk: 'त',
  R: 'त्',
  Fk: 'थ',
  F: 'थ्',
  n: 'द',
  '/k': 'ध',
  '/': 'ध्',
  èk: 'ध',
  è: 'ध्',
  Ë: 'ध्',
  u: 'न',
  Uk: 'न',
  U: 'न्',
  i: 'प',
  Ik: 'प',
  I: 'प्',
  Q: 'फ',
  '¶': 'फ्',
  c: 'ब',
  Ck: 'ब',
  C: 'ब्',
  Hk: 'भ',
  H: 'भ्',
  e: 'म',
  Ek: 'म',
  E: 'म्',
  ';': 'य',
  '¸': 'य्',
  j: 'र',
  y: 'ल',
  Yk: 'ल',
  Y: 'ल्',
  G: 'ळ',
  o: 'व',
  Ok: 'व',
  O: 'व्',
  "'k": 'श',
  "'": 'श्',
  '"k': 'ष',
  '"': 'ष्',
  l: 'स',
  Lk: 'स',
  L: 'स्',
  g: 'ह',
  // nukta letters typed as letter + '+'
  'd+': 'क़',
  '[+k': 'ख़',
  '[+': 'ख़्',
  'x+': 'ग़',
  'T+': 'ज़्',
  't+': 'ज़',
  'M+': 'ड़',
  '<+': 'ढ़',
  'Q+': 'फ़',
  '¶+': 'फ़्',
  'j+': 'ऱ',
  'u+': 'ऩ',
  ';+': 'य़',
  // conjunct glyphs
  '{k': 'क्ष',
  '{': 'क्ष्',
  '=': 'त्र',
  '«': 'त्र्',
  K: 'ज्ञ',
  J: 'श्र',
  '|': 'द्य',
  '}': 'द्व',
  ')': 'द्ध',
  Ùk: 'त्त',
  Ù: 'त्त्',
  ä: 'क्त',
  é: 'न्न',
  '™': 'न्न्',
  Ø: 'क्र',
  ç: 'प्र',
  Á: 'प्र',
  æ: 'द्र',
  Ý: 'फ्र',
  xz: 'ग्र',
  ô: 'क्क',
  Ì: 'द्द',
  í: 'द्द',
  Í: 'ट्ट',
  Î: 'ट्ठ',
  Ï: 'ड्ड',
  Ô: 'ड्ढ',
  Ñ: 'कृ',
  '—': 'कृ',
  '–': 'दृ',
  à: 'ह्न',
  á: 'ह्य',
  â: 'हृ',
  ã: 'ह्म',
  ºz: 'ह्र',
  º: 'ह्',
  Ük: 'श',
  Ü: 'श्',
  '#': 'रु',
  ':': 'रू',
  ª: '्र',
  î: '्य',
  Ó: '्य',
  z: '्र',
  // dependent vowel signs and marks
  '‚': 'ॉ',
  ks: 'ो',
  kS: 'ौ',
  k: 'ा',
  f: I_SIGN,
  h: 'ी',
  q: 'ु',
  w: 'ू',
  '`': 'ृ',
  s: 'े',
  S: 'ै',
  a: 'ं',
  '¡': 'ँ',
  '%': 'ः',
  W: 'ॅ',
  '~': HALANT,
  '+': NUKTA,
  È: 'ीं',
  Z: REPH,
  '±': REPH + 'ं',
  '·': 'ऽ',
  '•': 'ऽ',
  // digits and punctuation that Kruti Dev moved elsewhere
  å: '०',
  ƒ: '१',
  '„': '२',
  '…': '३',
  '†': '४',
  '‡': '५',
  ˆ: '६',
  '‰': '७',
  Š: '८',
  '‹': '९',
  A: '।',
  '-': '.',
  '&': '-',
  '(': ';',
  '¼': '(',
  '½': ')',
  '¿': '{',
  À: '}',
  '¾': '=',
  '^': '‘',
  '*': '’',
  Þ: '“',
  ß: '”',
  ']': ',',
  '@': '/',
  '\\': '?',
  Œ: '॰',
  ñ: '॰',
};

const MAX_KEY = Math.max(...Object.keys(TABLE).map((k) => k.length));

const isConsonant = (c: string | undefined) =>
  c !== undefined && ((c >= '\u0915' && c <= '\u0939') || (c >= '\u0958' && c <= '\u095F') || c === '\u0933');
// Signs that sit on a syllable after its consonant cluster (matras, nasalisation, visarga).
const isSign = (c: string | undefined) =>
  c !== undefined && ((c >= '\u093E' && c <= '\u094C') || '\u0901\u0902\u0903\u0945'.includes(c));

/** Index just past the consonant cluster that starts at `i` (C(+nukta)(्C(+nukta))*). */
function clusterEnd(s: string[], i: number): number {
  let j = i + 1;
  if (s[j] === NUKTA) j++;
  while (s[j] === HALANT && isConsonant(s[j + 1])) {
    j += 2;
    if (s[j] === NUKTA) j++;
  }
  return j;
}

/** Index where the cluster ending just before `end` starts (walking back over ्C pairs), or -1. */
function clusterStart(s: string[], end: number): number {
  let i = end - 1;
  if (s[i] === NUKTA) i--;
  if (!isConsonant(s[i])) return -1;
  for (;;) {
    if (s[i - 1] !== HALANT) return i;
    if (isConsonant(s[i - 2])) i -= 2;
    else if (s[i - 2] === NUKTA && isConsonant(s[i - 3])) i -= 3;
    else return i;
  }
}

export function krutiDevToUnicode(input: string): string {
  // 1. Glyph-for-glyph, longest match first.
  const out: string[] = [];
  for (let i = 0; i < input.length;) {
    let matched = false;
    for (let len = Math.min(MAX_KEY, input.length - i); len > 0; len--) {
      const value = TABLE[input.slice(i, i + len)];
      if (value !== undefined) {
        out.push(...value);
        i += len;
        matched = true;
        break;
      }
    }
    if (!matched) out.push(input[i++] as string);
  }

  // 2. Short i: typed before the cluster, belongs after it.
  for (let i = 0; i < out.length; i++) {
    if (out[i] !== I_SIGN || !isConsonant(out[i + 1])) continue;
    const end = clusterEnd(out, i + 1);
    out.splice(i, 1);
    out.splice(end - 1, 0, I_SIGN);
    i = end - 1;
  }

  // 3. Reph: typed after the syllable (its signs included), belongs before its cluster.
  for (let i = 0; i < out.length; i++) {
    if (out[i] !== REPH) continue;
    let end = i;
    while (isSign(out[end - 1])) end--;
    const start = clusterStart(out, end);
    out.splice(i, 1);
    if (start < 0) out.splice(i, 0, 'र', HALANT);
    else out.splice(start, 0, 'र', HALANT);
    i++;
  }
  return out.join('').normalize('NFC');
}
