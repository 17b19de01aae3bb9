import path from 'node:path';
import send from '@fastify/send';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ChannelService } from '../channel';
import type { GeoService } from '../geo';
import type { KeysService } from '../keys';
import { createLivePlaylists } from './live-playlists';
import { liveAssetOf, SIMULATE_FEED } from './live-simulator';
import { mediaErrors } from './media.errors';
import type { MediaPaths } from './media-paths';
import { isPageGuestGrant, type MediaGrant, type MediaTokens } from './media-token';
import { SIMULATE_EVENT_ID } from './playback.service';

/** What may be asked for inside an asset: the master, a rendition's playlist or segment, or the download. */
export const MEDIA_FILE = /^(master\.m3u8|(720p|360p)\/(index\.m3u8|seg_\d{4,6}\.ts)|download\.mp4)$/;
export const TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.mp4': 'video/mp4',
  '.jpg': 'image/jpeg',
};

export function cacheControl(file: string, live: boolean): string {
  if (file.endsWith('.m3u8')) return live ? 'no-cache' : 'private, max-age=300';
  return 'private, max-age=86400, immutable';
}

/** A play token opens the event's own playlists and segments; a download token only its MP4. */
function grants(grant: MediaGrant, eventId: string, file: string): boolean {
  if (String(grant.eventId) !== eventId || !MEDIA_FILE.test(file)) return false;
  if ((file === 'download.mp4') !== (grant.purpose === 'download')) return false;
  if (!grant.asset.startsWith('live/')) return true;
  return grant.asset === (grant.eventId === SIMULATE_EVENT_ID ? SIMULATE_FEED : liveAssetOf(grant.eventId));
}

/** Streams a file with Range support (MP4 seeking, resumable downloads), the right type and caching. */
export async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: string,
  headers: Record<string, string>,
) {
  const result = await send(request.raw, file, { acceptRanges: true, cacheControl: false, dotfiles: 'deny' });
  if (result.type !== 'file') {
    result.stream.destroy?.();
    throw mediaErrors.notFound();
  }
  reply.code(result.statusCode).headers(result.headers).headers(headers);
  reply.header('content-type', TYPES[path.extname(file)] ?? 'application/octet-stream');
  return reply.send(result.stream);
}

/**
 * Media delivery. Event media needs a token minted by the playback call (play) or the counted download call
 * (download); it is checked on every playlist and segment request: signature, expiry, purpose, the event in the
 * path and its asset, the channel's geo rules for the caller's address now, and that the key is still valid.
 * A refusal is a 403 with the error body and no media bytes. Prerolls are public advertisements.
 */
export async function deliveryRoutes(
  app: FastifyInstance,
  opts: {
    tokens: MediaTokens;
    keys: KeysService;
    paths: MediaPaths;
    channels: ChannelService;
    geo: GeoService;
    /** A live playlist was fetched: its feed is being watched. */
    onLiveFetch?: (asset: string) => void;
    /** A playlist was fetched with this key's token: someone is watching (the viewers metric). */
    onPlaylist?: (keyId: number) => void;
  },
) {
  const livePlaylists = createLivePlaylists();

  app.get<{ Params: { eventId: string; token: string; '*': string } }>(
    '/media/e/:eventId/:token/*',
    { config: { access: 'none' }, schema: { hide: true } },
    async (request, reply) => {
      const { eventId, token } = request.params;
      const file = request.params['*'];
      const grant = opts.tokens.verify(token);
      if (!grant || !grants(grant, eventId, file)) throw mediaErrors.forbidden();
      const channel = await opts.channels.byId(grant.channelId);
      if (!channel) throw mediaErrors.forbidden();
      // Checked on each request, not only when the link was issued: a link must not outlive a move abroad.
      if (opts.geo.isBlocked(channel, opts.geo.countryOf(request.ip))) throw mediaErrors.geoBlocked();
      if (!isPageGuestGrant(grant) && !(await opts.keys.isActive(grant.keyId))) throw mediaErrors.forbidden();

      const live = grant.asset.startsWith('live/');
      if (file.endsWith('.m3u8')) opts.onPlaylist?.(grant.keyId);
      const headers: Record<string, string> = { 'cache-control': cacheControl(file, live) };
      if (live && file.endsWith('.m3u8')) {
        opts.onLiveFetch?.(grant.asset);
        const playlist = await livePlaylists.get(path.join(opts.paths.hlsDir(grant.asset), file), {
          gzip: /\bgzip\b/.test(request.headers['accept-encoding'] ?? ''),
          // hls.js sends `v2` only to servers that allow skipping date ranges too; we have none to skip.
          skip: ['YES', 'v2'].includes((request.query as { _HLS_skip?: string })._HLS_skip ?? ''),
        });
        if (!playlist) throw mediaErrors.notFound();
        reply.headers(headers).header('content-type', TYPES['.m3u8']).header('vary', 'accept-encoding');
        if (playlist.gzip) reply.header('content-encoding', 'gzip');
        return reply.send(playlist.body);
      }
      const onDisk =
        file === 'download.mp4' ? opts.paths.mp4File(grant.asset) : path.join(opts.paths.hlsDir(grant.asset), file);
      if (file === 'download.mp4') headers['content-disposition'] = 'attachment; filename="game.mp4"';
      return sendFile(request, reply, onDisk, headers);
    },
  );

  app.get<{ Params: { name: string; '*': string } }>(
    '/media/prerolls/:name/*',
    { config: { access: 'none' }, schema: { hide: true } },
    async (request, reply) => {
      const { name } = request.params;
      const file = request.params['*'];
      if (!/^[a-z0-9-]{1,60}$/.test(name) || !MEDIA_FILE.test(file) || file === 'download.mp4')
        throw mediaErrors.forbidden();
      return sendFile(request, reply, path.join(opts.paths.hlsDir(`preroll/${name}`), file), {
        'cache-control': file.endsWith('.m3u8') ? 'public, max-age=300' : 'public, max-age=86400, immutable',
      });
    },
  );
}
