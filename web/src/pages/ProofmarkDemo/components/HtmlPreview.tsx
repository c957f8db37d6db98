/**
 * A mail or certificate as it will look, in a sandboxed frame: its HTML runs no script and cannot
 * reach the page, and its styles stay inside.
 */
export function HtmlPreview({ title, html, height = 520 }: { title: string; html: string; height?: number }) {
  return (
    <iframe
      title={title}
      srcDoc={html}
      sandbox=""
      style={{ width: '100%', height, border: '1px solid #e6e9f0', borderRadius: 8, background: '#fff' }}
    />
  );
}
