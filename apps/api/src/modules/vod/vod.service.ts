import type { VodMediaItem, VodMediaPage, VodPlayback } from '@sideline/contract/vod';
import type { ViewerService } from '../access';
import type { Channel } from '../channel';
import type { GeoService } from '../geo';
import type { KeySession } from '../keys';
import { keyErrors } from '../keys';
import type { MediaRepository, MediaTokens } from '../media';
import { mediaErrors } from '../media';
import { vodErrors } from './vod.errors';
import { toVodItem, type VodRepository } from './vod.repository';

/** Without `no_limit=1` and a limit, a page of the library holds this many. */
export const VOD_DEFAULT_LIMIT = 24;

type Page = { offset: number; limit?: number | undefined; no_limit?: '0' | '1' | undefined };

const limitOf = (q: Page) => (q.no_limit === '1' ? undefined : (q.limit ?? VOD_DEFAULT_LIMIT));

const pageOf = ({ rows, total }: { rows: Parameters<typeof toVodItem>[0][]; total: number }, q: Page) => {
  const limit = limitOf(q);
  return { data: rows.map(toVodItem), meta: { total, offset: q.offset, limit: limit ?? rows.length } };
};

/** The on-demand library: its listings, and where to play an item for a fan whose access includes the library. */
export function createVodService(deps: {
  repo: VodRepository;
  viewers: ViewerService;
  geo: GeoService;
  media: MediaRepository;
  /** Signs library tokens; a key of its own, so an event's token never opens a library item nor the reverse. */
  tokens: MediaTokens;
  tokenTtlS: number;
}) {
  const { repo } = deps;
  return {
    categories: (channel: Channel) => repo.categories(channel.id),
    rails: (channel: Channel) => repo.rails(channel.id),

    async items(channel: Channel, q: Page & { category_id?: number | undefined }): Promise<VodMediaPage> {
      const found = await repo.items(channel.id, { offset: q.offset, limit: limitOf(q), categoryId: q.category_id });
      return pageOf(found, q);
    },

    async search(
      channel: Channel,
      q: { title?: string | undefined; limit: number; offset: number; sort_field: 'date' | 'title' },
    ): Promise<VodMediaPage> {
      const found = await repo.search(channel.id, { ...q, sort: q.sort_field });
      return pageOf(found, q);
    },

    async item(channel: Channel, id: number): Promise<VodMediaItem> {
      const row = await repo.byId(channel.id, id);
      if (!row) throw vodErrors.itemNotFound();
      return toVodItem(row);
    },

    /** Geo first, then who is asking: a guest must sign in (401), a fan needs `vod_media_access` (403). */
    async playback(channel: Channel, session: KeySession, id: number, ip: string): Promise<VodPlayback> {
      const row = await repo.byId(channel.id, id);
      if (!row) throw vodErrors.itemNotFound();
      if (deps.geo.isBlocked(channel, deps.geo.countryOf(ip))) throw mediaErrors.geoBlocked();
      const viewer = await deps.viewers.of(channel, session);
      if (viewer.userId === null) throw keyErrors.loginRequired();
      if (!viewer.capabilities.includes('vod_media_access')) throw mediaErrors.capabilityMissing('vod_media_access');
      const asset = await deps.media.byKey(row.mediaKey);
      if (asset?.status !== 'ready') throw mediaErrors.unavailable();
      const exp = Math.floor(Date.now() / 1000) + deps.tokenTtlS;
      const token = deps.tokens.sign({
        keyId: session.keyId,
        channelId: channel.id,
        eventId: row.id,
        asset: asset.key,
        purpose: 'play',
        exp,
      });
      return {
        event_id: 0,
        vod_media_item_id: row.id,
        kind: 'vod',
        url: `/media/l/${row.id}/${token}/master.m3u8`,
        expires_at: new Date(exp * 1000).toISOString(),
        duration_s: asset.durationS,
        live_window_s: null,
        preroll: null,
      };
    },
  };
}
export type VodService = ReturnType<typeof createVodService>;
