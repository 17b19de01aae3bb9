import { randomInt } from 'node:crypto';
import type { Download, Playback } from '@sideline/contract/media';
import type { ViewerService } from '../access';
import { hasAccess, type Viewer } from '../access';
import type { UsersRepository } from '../auth';
import type { Channel, ChannelService } from '../channel';
import type { EventRow, EventsRepository } from '../events';
import { eventErrors } from '../events';
import type { GeoService } from '../geo';
import type { KeySession } from '../keys';
import { keyErrors } from '../keys';
import { downloadFileName } from './download-name';
import type { DemoGame } from './ffmpeg/demo-game';
import type { GameRecordings } from './game-recording';
import { LIVE_WINDOW_S } from './hls/ladder';
import { liveAssetOf, SIMULATE_FEED, SIMULATE_GAME } from './live-simulator';
import { mediaErrors } from './media.errors';
import type { MediaRepository } from './media.repository';
import type { MediaPurpose, MediaTokens } from './media-token';
import { eligiblePrerolls, pickByWeight } from './preroll-choice';

/** The test feed of `/simulate` is event 0: it belongs to no event and plays only the live feed. */
export const SIMULATE_EVENT_ID = 0;

export function createPlaybackService(deps: {
  events: EventsRepository;
  viewers: ViewerService;
  geo: GeoService;
  media: MediaRepository;
  tokens: MediaTokens;
  channels: ChannelService;
  users: UsersRepository;
  tokenTtlS: number;
  recordings: GameRecordings;
  /** Runs a live feed's encoder and says (within a few seconds) whether its first playlists are there. */
  liveFeed: (key: string, game: DemoGame) => Promise<boolean>;
  /** Whether a replay's MP4 is there to download (when not, it is asked for). */
  downloadReady?: (assetKey: string) => Promise<boolean>;
}) {
  const { media, tokens } = deps;

  /** Geo, capability and rights, in the order a fan should hear about them. */
  function checkRights(channel: Channel, viewer: Viewer, event: EventRow, ip: string) {
    if (deps.geo.isBlocked(channel, deps.geo.countryOf(ip))) throw mediaErrors.geoBlocked();
    if (!viewer.capabilities.includes('watch')) throw mediaErrors.capabilityMissing('watch');
    if (event.accessType !== 'free' && viewer.userId === null) throw keyErrors.loginRequired();
    if (!hasAccess(event, viewer)) throw mediaErrors.purchaseRequired();
  }

  /** A finished game plays its own recording once packaged, a neutral stand-in until then (game-recording.ts). */
  const vodKeyOf = (channel: Channel, event: EventRow) => deps.recordings.keyOf(channel, event);

  async function readyAsset(key: string | null) {
    const asset = key ? await media.byKey(key) : undefined;
    if (asset?.status !== 'ready') throw mediaErrors.unavailable();
    return asset;
  }

  /** A live game plays its own feed, its teams on the scoreboard; no feed of another game answers its token. */
  async function liveAsset(event: EventRow): Promise<{ key: string; durationS: null }> {
    const key = liveAssetOf(event.id);
    const teams = await media.teamNames(event.homeTeamId, event.awayTeamId);
    if (!(await deps.liveFeed(key, { ...teams, caption: 'Live', seed: event.id }))) throw mediaErrors.unavailable();
    return { key, durationS: null };
  }

  function grant(channel: Channel, session: KeySession, eventId: number, asset: string, purpose: MediaPurpose) {
    const exp = Math.floor(Date.now() / 1000) + deps.tokenTtlS;
    return {
      token: tokens.sign({ keyId: session.keyId, channelId: channel.id, eventId, asset, purpose, exp }),
      expiresAt: new Date(exp * 1000).toISOString(),
    };
  }

  async function preroll(channel: Channel, viewer: Viewer, event: EventRow, live: boolean) {
    if (viewer.capabilities.includes('no_ads')) return null;
    const settings = await deps.channels.settings(channel);
    const candidates = eligiblePrerolls(settings.prerolls, {
      live,
      eventCategoryId: event.eventCategoryId,
      locationId: event.locationId,
    });
    const readyKeys = new Set(
      (await media.byKeys(candidates.map((p) => prerollKey(p.url)).filter((k): k is string => k !== null)))
        .filter((a) => a.status === 'ready')
        .map((a) => a.key),
    );
    const chosen = pickByWeight(candidates.filter((p) => readyKeys.has(prerollKey(p.url) ?? '')));
    return chosen ? { id: chosen.id, url: chosen.url } : null;
  }

  const service = {
    /** Geo, capability and rights of a viewer for an event (clips ask the same as playback). */
    checkRights,
    /** The packaged recording a finished game plays, ready, or a 503 `media_unavailable`. */
    async recordingOf(channel: Channel, event: EventRow) {
      return readyAsset(await vodKeyOf(channel, event));
    },

    async playback(channel: Channel, session: KeySession, eventId: number, ip: string): Promise<Playback> {
      const event = await deps.events.byId(channel.id, eventId);
      if (!event) throw eventErrors.notFound();
      const viewer = await deps.viewers.of(channel, session);
      checkRights(channel, viewer, event, ip);
      if (event.streamStatus === 'upcoming') throw mediaErrors.notStarted();
      const live = event.streamStatus === 'live';
      const asset = live ? await liveAsset(event) : await readyAsset(await vodKeyOf(channel, event));
      const { token, expiresAt } = grant(channel, session, event.id, asset.key, 'play');
      return {
        event_id: event.id,
        kind: live ? 'live' : 'vod',
        url: `/media/e/${event.id}/${token}/master.m3u8`,
        expires_at: expiresAt,
        duration_s: asset.durationS,
        live_window_s: live ? LIVE_WINDOW_S : null,
        preroll: await preroll(channel, viewer, event, live),
      };
    },

    /**
     * What a guest plays on a game's page, carried in the page itself (plugins/web.ts), so a first visit starts the
     * stream without asking for a key and then the playback; null when a guest may not play it now (a paid or
     * upcoming game, geo, no media). Its grant has a key id of its own below zero (`isPageGuestGrant`): one a page,
     * so the viewers metric still counts each.
     */
    async forPageGuest(channel: Channel, eventId: number, ip: string): Promise<Playback | null> {
      const pageGuest = {
        keyId: -randomInt(1, 2 ** 31 - 1),
        channelId: channel.id,
        userId: null,
        temporaryPassword: false,
      };
      return service.playback(channel, pageGuest, eventId, ip).catch(() => null);
    },

    /** The channel's test feed for `/simulate`: the live encoder's output, to check a device. */
    async simulate(channel: Channel, session: KeySession, ip: string): Promise<Playback> {
      if (deps.geo.isBlocked(channel, deps.geo.countryOf(ip))) throw mediaErrors.geoBlocked();
      if (!(await deps.liveFeed(SIMULATE_FEED, SIMULATE_GAME))) throw mediaErrors.unavailable();
      const { token, expiresAt } = grant(channel, session, SIMULATE_EVENT_ID, SIMULATE_FEED, 'play');
      return {
        event_id: SIMULATE_EVENT_ID,
        kind: 'live',
        url: `/media/e/${SIMULATE_EVENT_ID}/${token}/master.m3u8`,
        expires_at: expiresAt,
        duration_s: null,
        live_window_s: LIVE_WINDOW_S,
        preroll: null,
      };
    },

    /** A counted download of a finished game: capability `download`, rights, and the account's limit. */
    async download(
      channel: Channel,
      session: KeySession & { userId: number },
      eventId: number,
      ip: string,
    ): Promise<Download> {
      const event = await deps.events.byId(channel.id, eventId);
      if (!event) throw eventErrors.notFound();
      const viewer = await deps.viewers.of(channel, session);
      if (!viewer.capabilities.includes('download')) throw mediaErrors.capabilityMissing('download');
      checkRights(channel, viewer, event, ip);
      if (event.streamStatus !== 'finished') throw mediaErrors.notStarted();
      const asset = await readyAsset(await vodKeyOf(channel, event));
      // A game's MP4 is made after its replay: until it is there the fan is told to try again, and nothing is counted.
      if (deps.downloadReady && !(await deps.downloadReady(asset.key))) throw mediaErrors.unavailable();
      // The highest of the channel's default and the passes bought.
      const limit = viewer.limits ? viewer.limits.downloads : channel.extras.accountDefaults.limits.downloads;
      const used = await deps.users.countDownload(session.userId, limit);
      if (used === null) throw mediaErrors.limitReached();
      deps.viewers.forget(session.userId);
      const { token, expiresAt } = grant(channel, session, event.id, asset.key, 'download');
      const filename = downloadFileName(event.name);
      return {
        url: `/media/e/${event.id}/${token}/download.mp4?name=${encodeURIComponent(filename)}`,
        filename,
        expires_at: expiresAt,
        downloads_left: limit === null ? null : Math.max(0, limit - used),
      };
    },
  };
  return service;
}
export type PlaybackService = ReturnType<typeof createPlaybackService>;

/** `/media/prerolls/<name>/master.m3u8` is the asset `preroll/<name>`. */
export function prerollKey(url: string): string | null {
  const match = /^\/media\/prerolls\/([a-z0-9-]+)\//.exec(url);
  return match ? `preroll/${match[1]}` : null;
}
