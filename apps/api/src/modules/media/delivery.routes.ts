import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import send from '@fastify/send';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBodyOf } from '../../lib/app-error';
import type { ChannelService } from '../channel';
import type { GeoService } from '../geo';
import type { KeysService } from '../keys';
import { attachmentDisposition } from './download-name';
import { createLivePlaylists } from './live-playlists';
import { liveAssetOf, SIMULATE_FEED } from './live-simulator';
import { mediaErrors } from './media.errors';
import type { MediaAccess } from './media-access';
import { ASSET_KEY, type MediaPaths } from './media-paths';
import { isPageGuestGrant, type MediaGrant, type MediaTokens } from './media-token';
import { SIMULATE_EVENT_ID } from './playback.service';

/** What may be asked for inside an asset: the master, a rendition's playlist or segment, or the download. */
export const MEDIA_FILE = /^(master\.m3u8|\d{3,4}p\/(index\.m3u8|seg_\d{4,6}\.ts)|download\.mp4)$/;
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

/** Whether a token's asset is one a game plays (a recording or a live feed), as a well-formed asset key. */
export const isEventAsset = (asset: unknown): asset is string =>
  typeof asset === 'string' && ASSET_KEY.test(asset) && !asset.startsWith('preroll/');

/** A play token opens the event's own playlists and segments; a download token only its MP4. */
function grants(grant: MediaGrant, eventId: string, file: string): boolean {
  if (String(grant.eventId) !== eventId || !MEDIA_FILE.test(file)) return false;
  // Only a game's own kinds of asset, written as asset keys are: no `..` or other path reaches the media folder.
  if (!isEventAsset(grant.asset)) return false;
  if ((file === 'download.mp4') !== (grant.purpose === 'download')) return false;
  // A game's MP4 is its recording (`vod/`); a clip's download link names a clip and is served by the clips' route.
  if (file === 'download.mp4' && !grant.asset.startsWith('vod/')) return false;
  if (!grant.asset.startsWith('live/')) return true;
  return grant.asset === (grant.eventId === SIMULATE_EVENT_ID ? SIMULATE_FEED : liveAssetOf(grant.eventId));
}

/** A byte-range set as RFC 9110 writes it (14.1.2): `first-last`, `first-` or `-suffix`, comma-separated. */
const BYTE_RANGE_SET = /^bytes=(\d+-\d*|-\d+)(\s*,\s*(\d+-\d*|-\d+))*$/;

/** Whether a Range header is a valid byte-range set: written as above, and no range ending before it starts. */
export function isValidByteRange(range: string): boolean {
  const value = range.trim();
  if (!BYTE_RANGE_SET.test(value)) return false;
  return value
    .slice('bytes='.length)
    .split(',')
    .every((spec) => {
      const [first = '', last = ''] = spec.trim().split('-');
      return first === '' || last === '' || Number(first) <= Number(last);
    });
}

/**
 * Streams a file with Range support (MP4 seeking, resumable downloads), the right type and caching.
 * @fastify/send reads the range and answers a satisfiable one with 206. Two cases are settled here:
 * - a Range that is not a valid byte-range set (`bytes=abc`, `bytes=9-1`) is ignored, as RFC 9110 (14.2) allows,
 *   and the whole file is served: send would call it unsatisfiable, so it is not shown the header;
 * - a valid range that starts past the end is a 416 with send's Content-Range (the file's size, no range) and the
 *   error body, `range_not_satisfiable`.
 */
export async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: string,
  headers: Record<string, string>,
) {
  const range = request.headers.range;
  const raw: IncomingMessage =
    range !== undefined && !isValidByteRange(range)
      ? Object.create(request.raw, { headers: { value: { ...request.raw.headers, range: undefined } } })
      : request.raw;
  const result = await send(raw, file, { acceptRanges: true, cacheControl: false, dotfiles: 'deny' });
  if (result.type === 'error' && result.statusCode === 416) {
    result.stream.destroy();
    return reply
      .code(416)
      .header('content-range', result.headers['Content-Range'])
      .type('application/json; charset=utf-8')
      .send(errorBodyOf(416, 'range_not_satisfiable'));
  }
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
 * path and its asset, the channel's geo rules for the caller's address now, that the key is still valid, and that
 * its fan may still watch the event (`media-access.ts`: a refund or a plan's end stops the media within 30 s).
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
    /** Whether the token's fan may still watch its event (a refund, a plan's end, a lost capability end it). */
    access: MediaAccess;
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
      if (!(await opts.access.mayWatch(channel, grant))) throw mediaErrors.forbidden();

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
      if (file === 'download.mp4') {
        // The game's name rides on the link (playback.service.ts): the file is saved under it.
        const { name } = request.query as { name?: unknown };
        headers['content-disposition'] = attachmentDisposition(typeof name === 'string' ? name.slice(0, 200) : 'game');
      }
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
