import type { FastifyInstance } from 'fastify';
import type { ChannelService } from '../channel';
import type { GeoService } from '../geo';
import type { KeysService } from '../keys';
import { isEventAsset } from './delivery.routes';
import { liveAssetOf, SIMULATE_FEED } from './live-simulator';
import { mediaErrors } from './media.errors';
import type { MediaAccess } from './media-access';
import { isPageGuestGrant, type MediaTokens } from './media-token';
import { SIMULATE_EVENT_ID } from './playback.service';

/**
 * The edge's question (nginx `auth_request`, deploy/nginx): may the holder of this play token still have its media,
 * from this address? The same checks as a media request of the API (signature, expiry, event, asset, the channel's
 * geo rules, the key, the fan's rights now), without reading a file: 204 or 403 with the error body. nginx keeps the
 * answer per token and address for at most 20 s (deploy/nginx) and serves the bytes itself.
 */
export async function mediaAccessRoutes(
  app: FastifyInstance,
  opts: {
    tokens: MediaTokens;
    /** The library's tokens (`/media/l/`), signed with a key of their own. */
    libraryTokens: MediaTokens;
    keys: KeysService;
    channels: ChannelService;
    geo: GeoService;
    access: MediaAccess;
  },
) {
  app.get<{ Params: { scope: string; id: string; token: string } }>(
    '/media/access/:scope/:id/:token',
    { config: { access: 'none' }, schema: { hide: true } },
    async (request, reply) => {
      const { scope, id, token } = request.params;
      if (scope !== 'e' && scope !== 'l') throw mediaErrors.forbidden();
      const grant = (scope === 'e' ? opts.tokens : opts.libraryTokens).verify(token);
      if (grant?.purpose !== 'play' || String(grant.eventId) !== id || !isEventAsset(grant.asset)) {
        throw mediaErrors.forbidden();
      }
      if (scope === 'l' && !grant.asset.startsWith('vod/')) throw mediaErrors.forbidden();
      const ownFeed = grant.eventId === SIMULATE_EVENT_ID ? SIMULATE_FEED : liveAssetOf(grant.eventId);
      if (scope === 'e' && grant.asset.startsWith('live/') && grant.asset !== ownFeed) throw mediaErrors.forbidden();
      const channel = await opts.channels.byId(grant.channelId);
      if (!channel) throw mediaErrors.forbidden();
      if (opts.geo.isBlocked(channel, opts.geo.countryOf(request.ip))) throw mediaErrors.geoBlocked();
      if (!isPageGuestGrant(grant) && !(await opts.keys.isActive(grant.keyId))) throw mediaErrors.forbidden();
      if (!(await opts.access.mayWatch(channel, grant, scope === 'e' ? 'event' : 'library'))) {
        throw mediaErrors.forbidden();
      }
      return reply.code(204).header('cache-control', 'no-store').send();
    },
  );
}
