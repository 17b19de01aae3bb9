/**
 * Hands a signed link to the browser as a download under `filename`; the page (and a playing game) stays, as the
 * file is sent as an attachment. The link carries its own token, so it needs nothing else from the app.
 */
export function saveAs(url: string, filename: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
