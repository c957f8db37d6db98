import { describe, expect, it } from 'vitest';
import { design, type Design } from '@proofmark/shared/designs/model';
import { addElement, align, historyOf, insertPlaceholder, nudge, record, redo, snapped, undo, updateElement } from './design-edits';

const d: Design = design.parse({
  name: 'T',
  page: { size: 'A4', orientation: 'landscape' },
  elements: [{ kind: 'logo', id: 'logo', x: 10, y: 10, width: 20, height: 10 }],
});

describe('design edits', () => {
  it('nudges by millimetres and keeps the element on the page', () => {
    expect(nudge(d, 'logo', 1, -1).elements[0]).toMatchObject({ x: 11, y: 9 });
    expect(nudge(d, 'logo', 500, 500).elements[0]).toMatchObject({ x: 277, y: 200 });
    expect(nudge(d, 'logo', -50, 0).elements[0]).toMatchObject({ x: 0 });
  });

  it('aligns to the page edges and centre lines', () => {
    expect(align(d, 'logo', 'center').elements[0]!.x).toBe(138.5);
    expect(align(d, 'logo', 'bottom').elements[0]!.y).toBe(200);
    expect(align(d, 'logo', 'right').elements[0]!.x).toBe(277);
  });

  it('snaps to the millimetre grid, and to the centre line when close', () => {
    expect(snapped(d, { width: 20, height: 10 }, 10.4, 20.6)).toMatchObject({ x: 10, y: 21 });
    expect(snapped(d, { width: 20, height: 10 }, 137.4, 50)).toMatchObject({ x: 138.5 });
  });

  it('inserts a placeholder at the caret', () => {
    expect(insertPlaceholder('Dear , welcome', 'firstname', 5)).toBe('Dear {{firstname}}, welcome');
  });

  it('gives new elements free ids', () => {
    const [one, id1] = addElement(d, { kind: 'qr', x: 0, y: 0, width: 10, height: 10, rotation: 0, colour: '#000000', caption: true });
    const [, id2] = addElement(one, { kind: 'qr', x: 0, y: 0, width: 10, height: 10, rotation: 0, colour: '#000000', caption: true });
    expect([id1, id2]).toEqual(['qr-1', 'qr-2']);
  });

  it('undoes and redoes whole designs', () => {
    const moved = updateElement(d, 'logo', { x: 50 });
    let h = record(historyOf(d), moved);
    h = undo(h);
    expect(h.present).toBe(d);
    h = redo(h);
    expect(h.present).toBe(moved);
    expect(undo(historyOf(d)).present).toBe(d);
  });
});
