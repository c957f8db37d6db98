/* The pager's items (§9: 2 margin pages, 3 in range). */

export type PagerItem = number | 'gap-before' | 'gap-after';

/**
 * The pages a pager shows (0-based), react-paginate style: `margin` pages at each end, `range`
 * pages around the current one, and a gap marker where pages are left out.
 */
export function pagerItems(current: number, pages: number, margin = 2, range = 3): PagerItem[] {
  if (pages <= 0) return [];
  if (pages <= margin * 2 + range) return Array.from({ length: pages }, (_, i) => i);
  let start = current - Math.floor(range / 2);
  let end = start + range - 1;
  if (start < 0) {
    start = 0;
    end = range - 1;
  }
  if (end > pages - 1) {
    end = pages - 1;
    start = pages - range;
  }
  const shown = new Set<number>();
  for (let i = 0; i < margin; i += 1) shown.add(i);
  for (let i = start; i <= end; i += 1) shown.add(i);
  for (let i = pages - margin; i < pages; i += 1) shown.add(i);
  const sorted = [...shown].filter((i) => i >= 0 && i < pages).sort((a, b) => a - b);
  const items: PagerItem[] = [];
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous > 1)
      items.push(page <= current ? 'gap-before' : 'gap-after');
    items.push(page);
  });
  return items;
}
