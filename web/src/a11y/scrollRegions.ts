/**
 * Tables wider than a phone scroll sideways inside antd's `.ant-table-content`. Keyboard users can
 * only scroll a region they can focus (WCAG 2.1.1), and an empty or text-only table has nothing
 * focusable inside, so such regions get a tab stop while — and only while — they actually scroll.
 */
const SCROLL_REGION = '.ant-table-content, .ant-table-body';

function update(root: ParentNode): void {
  for (const el of root.querySelectorAll<HTMLElement>(SCROLL_REGION)) {
    const scrolls = el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight;
    if (scrolls && !el.hasAttribute('tabindex')) {
      el.tabIndex = 0;
      el.setAttribute('role', 'region');
      el.setAttribute('aria-label', 'Table, scrolls sideways');
    } else if (!scrolls && el.getAttribute('role') === 'region') {
      el.removeAttribute('tabindex');
      el.removeAttribute('role');
      el.removeAttribute('aria-label');
    }
  }
}

/** Watches the document (and window resizes) for table scroll regions; call once at start-up. */
export function keepScrollRegionsFocusable(doc: Document): void {
  let scheduled = false;
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      update(doc);
    });
  };
  new MutationObserver(schedule).observe(doc.body, { childList: true, subtree: true });
  doc.defaultView?.addEventListener('resize', schedule);
  schedule();
}
