/**
 * The certificate's HTML for a sandboxed iframe (no scripts, no same-origin access): a whole
 * document is shown as it is; a fragment gets a page around it, with links opening a new tab.
 */
export const certificateDocument = (html: string): string =>
  /^\s*(<!doctype|<html)/i.test(html)
    ? html
    : `<!doctype html><html><head><meta charset="utf-8"><base target="_blank"></head><body style="margin:0">${html}</body></html>`;
