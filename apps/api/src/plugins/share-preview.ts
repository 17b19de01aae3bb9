import type { SharedClip } from '@sideline/contract/clips';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { escapeHtml } from '../lib/html';

const SHARE_PATH = /^\/share\/\d{1,10}\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:[/?#]|$)/;

/**
 * The preview a chat app shows for a pasted share link: Open Graph and Twitter card tags naming the clip, its game
 * and channel, its thumbnail and its MP4. Chat apps read the HTML only (no script runs), so the server writes them;
 * the clip comes from the same call the page makes. Null when the page is not a share link or the clip is gone.
 */
export async function sharePreview(
  app: FastifyInstance,
  request: FastifyRequest,
  /** The page's own calls carry it, so they use up no visitor's rate limit. */
  bootHeaders: Record<string, string>,
  /** The channel's public origin (`ChannelService.publicOrigin`): never a Host the client made up. */
  origin: string,
): Promise<{ title: string; tags: string } | null> {
  const uuid = SHARE_PATH.exec(request.url)?.[1];
  if (!uuid) return null;
  const res = await app.inject({
    method: 'GET',
    url: `/api/shared-clip/${uuid}`,
    headers: { ...bootHeaders, host: request.headers.host ?? request.hostname },
  });
  if (res.statusCode !== 200) return null;
  const clip = (res.json() as { data: SharedClip }).data;
  const absolute = (p: string | null) => (p ? new URL(p, origin).toString() : null);
  const title = `${clip.name} · ${clip.channel_name}`;
  const description = `${clip.event.name} — ${Math.round(clip.duration)} s`;
  const meta: [string, string, string | null][] = [
    ['property', 'og:type', 'video.other'],
    ['property', 'og:site_name', clip.channel_name],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', absolute(request.url.split('?')[0] ?? request.url)],
    ['property', 'og:image', absolute(clip.thumbnail)],
    ['property', 'og:video', absolute(clip.url)],
    ['property', 'og:video:secure_url', origin.startsWith('https:') ? absolute(clip.url) : null],
    ['property', 'og:video:type', 'video/mp4'],
    ['property', 'og:video:width', '1280'],
    ['property', 'og:video:height', '720'],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', absolute(clip.thumbnail)],
  ];
  const tags = meta
    .filter((m): m is [string, string, string] => m[2] !== null)
    .map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">`)
    .join('');
  return { title, tags };
}
