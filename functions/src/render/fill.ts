// The in-page half of "load once, update in place": installs `__fill(slots)` in a loaded
// template. Plain JavaScript in a string on purpose: a TypeScript function handed to
// page.evaluate is serialised after transpiling, and tsx/vitest inject helpers (__name) that do
// not exist in the page. Text goes in with textContent and the QR with setAttribute — never
// innerHTML — so recipient data cannot become markup here either.
export const INSTALL_FILL = `
window.__fill = (s) => {
  const q = (slot) => document.querySelector('[data-slot="' + slot + '"]');
  for (const key of ['name', 'description', 'date', 'serial', 'verifyHost']) {
    const el = q(key);
    el.textContent = s[key];
    const row = el.closest('[data-row]');
    if (row) row.hidden = s[key] === '';
  }
  const name = q('name');
  name.style.fontSize = s.nameSize;
  name.dataset.script = s.nameScript;
  q('description').style.fontSize = s.descriptionSize;
  const items = document.querySelectorAll('[data-detail]');
  items.forEach((li, i) => {
    const d = s.details[i];
    li.hidden = !d;
    li.children[0].textContent = d ? d.label : '';
    li.children[1].textContent = d ? d.value : '';
  });
  document.querySelector('[data-details]').hidden = s.details.length === 0;
  const qr = q('qr');
  qr.setAttribute('viewBox', '-2 -2 ' + (s.qr.size + 4) + ' ' + (s.qr.size + 4));
  qr.querySelector('path').setAttribute('d', s.qr.d);
  // A new script (e.g. the first Hindi name) loads another font subset: wait for it.
  return document.fonts.ready.then(() => true);
};
`;

/** The expression that fills a page; JSON is a valid JS literal, so no quoting issues. */
export const fillExpression = (slots: unknown) => `window.__fill(${JSON.stringify(slots)})`;
