import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ChannelService } from '../channel';
import type { GeoService } from '../geo';
import type { KeysService } from '../keys';
import type { MediaAccess, MediaGrant, MediaPaths, MediaTokens } from '../media';
import { cacheControl, isEventAsset, MEDIA_FILE, mediaErrors, sendFile } from '../media';

/** A library play token opens its own item's playlists and segments; the library has no download. */
const opens = (grant: MediaGrant, itemId: string, file: string) =>
  grant.purpose === 'play' &&
  String(grant.eventId) === itemId &&
  isEventAsset(grant.asset) &&
  grant.asset.startsWith('vod/') &&
  MEDIA_FILE.test(file) &&
  file !== 'download.mp4';

/**
 * Library media: `/media/l/{itemId}/{token}/...`, opened only by a token of the library's own key (minted by the
 * library playback call) for this item, checked on every playlist and segment like event media (signature,
 * expiry, the item, the channel's geo rules now, the key still valid, its fan's `vod_media_access` still held). Playlists and segments only: the library
 * has no download.
 */
export async function vodDeliveryRoutes(
  app: FastifyInstance,
  opts: {
    tokens: MediaTokens;
    keys: KeysService;
    paths: MediaPaths;
    channels: ChannelService;
    geo: GeoService;
    /** Whether the token's fan still has `vod_media_access` (a refunded pass ends the media within 30 s). */
    access: MediaAccess;
  },
) {
  app.get<{ Params: { itemId: string; token: string; '*': string } }>(
    '/media/l/:itemId/:token/*',
    { config: { access: 'none' }, schema: { hide: true } },
    async (request, reply) => {
      const { itemId, token } = request.params;
      const file = request.params['*'];
      const grant = opts.tokens.verify(token);
      if (!grant || !opens(grant, itemId, file)) throw mediaErrors.forbidden();
      const channel = await opts.channels.byId(grant.channelId);
      if (!channel) throw mediaErrors.forbidden();
      if (opts.geo.isBlocked(channel, opts.geo.countryOf(request.ip))) throw mediaErrors.geoBlocked();
      if (!(await opts.keys.isActive(grant.keyId))) throw mediaErrors.forbidden();
      if (!(await opts.access.mayWatch(channel, grant, 'library'))) throw mediaErrors.forbidden();
      return sendFile(request, reply, path.join(opts.paths.hlsDir(grant.asset), file), {
        'cache-control': cacheControl(file, false),
      });
    },
  );
}
