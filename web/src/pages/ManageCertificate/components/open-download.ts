/**
 * Starts the download of a zip the server prepared, without leaving the screen. The link opens in
 * this tab, not a new one: it is often followed after polling, long after the click, and browsers
 * block a new tab opened without a recent click; a zip (application/zip) in this tab downloads and
 * the page stays.
 */
export function openDownload(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.rel = 'noopener';
  a.download = '';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
