// The in-page half of "load once, update in place": installs `__fill(slots)` in a loaded
// template. Plain JavaScript in a string on purpose: a TypeScript function handed to
// page.evaluate is serialised after transpiling, and tsx/vitest inject helpers (__name) that do
// not exist in the page. Text goes in with textContent and the QR with setAttribute — never
// innerHTML — so recipient data cannot become markup here either.
export const INSTALL_FILL = `
window.__fill = (s) => {
  const el = (id) => document.querySelector('[data-el="' + CSS.escape(id) + '"]');
  for (const [id, t] of Object.entries(s.texts)) {
    const box = el(id);
    const span = box.querySelector('.t');
    span.textContent = t.text;
    span.style.fontSize = t.size;
    box.dataset.script = t.script;
    box.hidden = t.hidden;
  }
  for (const [id, src] of Object.entries(s.photos)) {
    const box = el(id);
    box.querySelector('img').setAttribute('src', src || 'data:,');
    box.hidden = !src;
  }
  document.querySelectorAll('[data-details]').forEach((list) => {
    list.querySelectorAll('[data-detail]').forEach((li, i) => {
      const d = s.details[i];
      li.hidden = !d;
      li.children[0].textContent = d ? d.label : '';
      li.children[1].textContent = d ? d.value : '';
    });
  });
  document.querySelectorAll('[data-qr]').forEach((qr) => {
    const svg = qr.querySelector('svg');
    svg.setAttribute('viewBox', '-2 -2 ' + (s.qr.size + 4) + ' ' + (s.qr.size + 4));
    svg.querySelector('path').setAttribute('d', s.qr.d);
    const h = qr.querySelector('[data-host]');
    if (h) h.textContent = s.verifyHost;
  });
  // A new script (e.g. the first Hindi name) loads another font subset: wait for it.
  return document.fonts.ready.then(() => true);
};
`;

/** The expression that fills a page; JSON is a valid JS literal, so no quoting issues. */
export const fillExpression = (slots: unknown) => `window.__fill(${JSON.stringify(slots)})`;

/**
 * Installs `__design(page)`: another design into a loaded page whose fonts it uses, without
 * loading the document again (design-page.ts, DesignPage). The body is the page builder's own
 * markup — every value escaped, as the document setContent parses — so innerHTML here parses what
 * a fresh load would. It resolves once the images are decoded and the fonts are ready, as the
 * load event and the fill would.
 */
export const INSTALL_DESIGN = (styleId: string) => `
window.__design = (d) => {
  document.title = d.title;
  document.getElementById(${JSON.stringify(styleId)}).textContent = d.css;
  document.body.innerHTML = d.body;
  return Promise.all([...document.images].map((img) => img.decode().catch(() => undefined)))
    .then(() => document.fonts.ready)
    .then(() => true);
};
`;

/** The expression that swaps a design into a page (INSTALL_DESIGN). */
export const designExpression = (page: { title: string; css: string; body: string }) =>
  `window.__design(${JSON.stringify({ title: page.title, css: page.css, body: page.body })})`;
