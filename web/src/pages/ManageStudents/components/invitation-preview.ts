/**
 * The mail's HTML, for a sandboxed iframe: no scripts, no same-origin access, and links open in
 * a new tab (a base target) instead of navigating the frame.
 */
export const previewDocument = (html: string): string =>
  `<!doctype html><html><head><meta charset="utf-8"><base target="_blank"></head><body style="margin:16px">${html}</body></html>`;
