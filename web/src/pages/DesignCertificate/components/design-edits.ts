import {
  newElementId,
  pageDimensions,
  type Design,
  type DesignElement,
} from '@proofmark/shared/designs/model';

/**
 * Pure edits of a design (the canvas and the property panel call these), so undo/redo is a list of
 * designs and every edit can be tested without a canvas.
 */

export const GRID_MM = 1;
/** Within this distance (mm) an element's centre or edge snaps to the page's centre line. */
export const SNAP_MM = 2;

const round = (n: number) => Math.round(n * 10) / 10;

export const updateElement = (d: Design, id: string, change: Partial<DesignElement>): Design => ({
  ...d,
  elements: d.elements.map((e) => (e.id === id ? ({ ...e, ...change } as DesignElement) : e)),
});

export const removeElement = (d: Design, id: string): Design => ({
  ...d,
  elements: d.elements.filter((e) => e.id !== id),
});

/** An element not placed yet: every field but its id. */
export type NewElement = DesignElement extends infer E ? (E extends DesignElement ? Omit<E, 'id'> : never) : never;

export const addElement = (d: Design, el: NewElement): [Design, string] => {
  const id = newElementId(d, el.kind);
  return [{ ...d, elements: [...d.elements, { ...el, id } as DesignElement] }, id];
};

/** Keeps an element on the page (what the server refuses otherwise). */
export const clampToPage = (d: Design, el: Pick<DesignElement, 'x' | 'y' | 'width' | 'height'>) => {
  const page = pageDimensions(d.page);
  const width = Math.min(el.width, page.width);
  const height = Math.min(el.height, page.height);
  return {
    x: round(Math.min(Math.max(el.x, 0), page.width - width)),
    y: round(Math.min(Math.max(el.y, 0), page.height - height)),
    width: round(width),
    height: round(height),
  };
};

/** Snaps a position to the millimetre grid and, when close, centres it on the page. */
export const snapped = (d: Design, el: Pick<DesignElement, 'width' | 'height'>, x: number, y: number) => {
  const page = pageDimensions(d.page);
  let sx = Math.round(x / GRID_MM) * GRID_MM;
  let sy = Math.round(y / GRID_MM) * GRID_MM;
  if (Math.abs(x + el.width / 2 - page.width / 2) < SNAP_MM) sx = page.width / 2 - el.width / 2;
  if (Math.abs(y + el.height / 2 - page.height / 2) < SNAP_MM) sy = page.height / 2 - el.height / 2;
  return { x: round(sx), y: round(sy), snappedX: sx !== Math.round(x), snappedY: sy !== Math.round(y) };
};

export type Alignment = 'left' | 'center' | 'right' | 'top' | 'middle' | 'bottom';

/** Aligns an element to the page's edge or centre line. */
export const align = (d: Design, id: string, how: Alignment): Design => {
  const el = d.elements.find((e) => e.id === id);
  if (!el) return d;
  const page = pageDimensions(d.page);
  const at: Record<Alignment, Partial<DesignElement>> = {
    left: { x: 0 },
    center: { x: round(page.width / 2 - el.width / 2) },
    right: { x: round(page.width - el.width) },
    top: { y: 0 },
    middle: { y: round(page.height / 2 - el.height / 2) },
    bottom: { y: round(page.height - el.height) },
  };
  return updateElement(d, id, at[how]);
};

/** Moves an element by (dx, dy) mm, kept on the page. */
export const nudge = (d: Design, id: string, dx: number, dy: number): Design => {
  const el = d.elements.find((e) => e.id === id);
  if (!el) return d;
  return updateElement(d, id, clampToPage(d, { ...el, x: el.x + dx, y: el.y + dy }));
};

/** Inserts `{{key}}` into a text at the caret (or at the end). */
export const insertPlaceholder = (text: string, key: string, caret = text.length) =>
  `${text.slice(0, caret)}{{${key}}}${text.slice(caret)}`;

/** Undo/redo over whole designs. */
export interface History {
  past: Design[];
  present: Design;
  future: Design[];
}
const LIMIT = 100;
export const historyOf = (d: Design): History => ({ past: [], present: d, future: [] });
export const record = (h: History, next: Design): History =>
  next === h.present ? h : { past: [...h.past, h.present].slice(-LIMIT), present: next, future: [] };
export const undo = (h: History): History =>
  h.past.length
    ? { past: h.past.slice(0, -1), present: h.past[h.past.length - 1]!, future: [h.present, ...h.future] }
    : h;
export const redo = (h: History): History =>
  h.future.length ? { past: [...h.past, h.present], present: h.future[0]!, future: h.future.slice(1) } : h;
