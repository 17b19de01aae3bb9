/** A game's download file name: its name without what a file system or a header refuses ("game" if nothing is left). */
export const downloadFileName = (name: string) => `${name.replace(/[^\p{L}\p{N} @._-]+/gu, '').trim() || 'game'}.mp4`;

/**
 * The download's Content-Disposition under the game's name. A browser takes this name over the link's own, so a
 * fixed one saved every game as `game.mp4`. An ASCII fallback, then the UTF-8 name (RFC 6266), so a Bulgarian
 * game keeps its letters.
 */
export function attachmentDisposition(name: string): string {
  const file = downloadFileName(name.replace(/\.mp4$/i, ''));
  const ascii = file.replace(/[^\x20-\x7e]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file)}`;
}
