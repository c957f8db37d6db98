import { describe, expect, it } from 'vitest';
import { design, designProblems, placeholdersIn, type DesignInput } from './model';

const base = (elements: DesignInput['elements']) =>
  design.parse({ name: 'Test', page: { size: 'A4', orientation: 'portrait' }, elements });
const text = (over: Record<string, unknown> = {}) => ({
  kind: 'text' as const,
  id: 'title',
  x: 10,
  y: 10,
  width: 100,
  height: 10,
  text: 'Hello {{firstname}}',
  font: 'EB Garamond',
  size: 12,
  colour: '#000000',
  ...over,
});

describe('design model', () => {
  it('reads placeholders, spaces and case aside', () => {
    expect(placeholdersIn('To {{ First Name }} of {{Course}}')).toEqual(['First Name', 'Course']);
  });

  it('accepts a design whose placeholders are built in or columns of the cohort', () => {
    expect(designProblems(base([text({ text: '{{name}}: {{course}} {{ Grade_Point }}' })]), ['Course', 'Grade Point'])).toEqual([]);
  });

  it('names the element of each problem', () => {
    const d = base([
      text({ text: '{{Nickname}}' }),
      text({ id: 'wide', x: 150, width: 80 }), // portrait A4 is 210 mm wide
      text({ id: 'font', font: 'Comic Sans MS' }),
      text({ id: 'font' }),
    ]);
    expect(designProblems(d, []).map((p) => p.message)).toEqual([
      'Element "title" uses the placeholder {{Nickname}}, which is not a column of this cohort.',
      'Element "wide" is off the page.',
      'Element "font" uses the font "Comic Sans MS", which we do not ship.',
      'Element "font" is not the only element with that id.',
    ]);
  });

  it('leaves placeholders unchecked without the columns (previews)', () => {
    expect(designProblems(base([text({ text: '{{Nickname}}' })]))).toEqual([]);
  });

  it('bounds elements and text', () => {
    expect(() => base(Array.from({ length: 61 }, (_, i) => text({ id: `t${i}` })))).toThrow(/at most 60/);
    expect(() => base([text({ text: 'x'.repeat(1001) })])).toThrow();
    expect(() => base([text({ colour: 'red' })])).toThrow(/#rrggbb/);
  });
});
