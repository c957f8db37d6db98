import { describe, expect, it } from 'vitest';
import { krutiDevToUnicode } from './krutidev';

describe('krutiDevToUnicode', () => {
  it.each([
    ['Hkkjr', 'भारत'],
    ['fgUnh', 'हिन्दी'],
    ['jke dqekj', 'राम कुमार'],
    ["lq'khy 'kekZ", 'सुशील शर्मा'],
    ["fo'ofo|ky;", 'विश्वविद्यालय'],
    ['izek.k i=', 'प्रमाण पत्र'],
    ['deZ', 'कर्म'],
    ['iwfrZ', 'पूर्ति'],
    ['fo|kFkhZ', 'विद्यार्थी'],
    ['LFkkfir', 'स्थापित'],
    ['fLFkfr', 'स्थिति'],
    ["mÙkj izns'k", 'उत्तर प्रदेश'],
    ['vkSj', 'और'],
    ['ijh{kk mÙkh.kZ dh', 'परीक्षा उत्तीर्ण की'],
    ['fnYyh', 'दिल्ली'],
    ['Jherh', 'श्रीमती'],
    ["f'k{kk", 'शिक्षा'],
    ['xzke', 'ग्राम'],
    ['fç;', 'प्रिय'],
    ['iM+ks', 'पड़ो'],
  ])('%s → %s', (kruti, unicode) => {
    expect(krutiDevToUnicode(kruti)).toBe(unicode.normalize('NFC'));
  });

  it('leaves digits, spaces and unknown characters alone', () => {
    expect(krutiDevToUnicode('2024 ')).toBe('2024 ');
  });

  it('converts the danda and keeps a reph without a consonant visible', () => {
    expect(krutiDevToUnicode('jkeA')).toBe('राम।');
    expect(krutiDevToUnicode('Z')).toBe('र्');
  });
});
