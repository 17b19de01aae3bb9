import { readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Clip, ClipDownload, ClipListItem, ClipTag, CreateClipBody, SharedClip } from '@sideline/contract/clips';
import type { Event } from '@sideline/contract/events';
import type { JobQueue } from '../../jobs/queue';
import type { ViewerService } from '../access';
import type { UsersRepository } from '../auth';
import type { Channel } from '../channel';
import type { EventsRepository, EventsService } from '../events';
import { eventErrors } from '../events';
import type { KeySession } from '../keys';
import type { MediaPaths, MediaTokens, PlaybackService } from '../media';
import { LADDER, liveAssetOf, mediaErrors, parseMediaPlaylist, type Segment } from '../media';
import { clipErrors } from './clips.errors';
import type { ClipRow, ClipsRepository } from './clips.repository';
import type { LiveSegment } from './clips.table';

type Page = { offset: number; limit: number };
const CLIP_FILE = 'clip.mp4';

/** The public address of a clip's files: its UUID is the share secret, so anyone holding the link may play it. */
export const clipMediaUrl = (uuid: string, file: 'clip.mp4' | 'thumb.jpg') => `/media/clips/${uuid}/${file}`;

export function toClip(row: ClipRow, userId: number | null): Clip {
  const ready = row.status === 'ready';
  return {
    id: row.id,
    uuid: row.uuid,
    event_id: row.eventId,
    event_media_id: row.eventMediaId,
    name: row.name,
    start_time: Math.round(row.startTime * 1000) / 1000,
    duration: Math.round(row.duration * 1000) / 1000,
    tags: row.tags,
    status: row.status,
    progress: row.progress,
    error: row.status === 'failed' ? row.error : null,
    url: ready ? clipMediaUrl(row.uuid, CLIP_FILE) : null,
    thumbnail: ready ? clipMediaUrl(row.uuid, 'thumb.jpg') : null,
    own: userId !== null && row.userId === userId,
    created_at: row.createdAt.toISOString(),
  };
}

/** A live clip shorter than this is refused: the contract's shortest clip. */
const LIVE_MIN_S = 1;

/**
 * The last `duration` seconds of a live playlist: its segments, where in them the clip starts, and how long it is.
 * A feed opened moments ago holds less than that: the clip is then the whole window there is (`duration` says how
 * long), and null only when it holds less than a second.
 */
export function liveTail(
  segments: readonly Segment[],
  duration: number,
): { segments: LiveSegment[]; start: number; duration: number } | null {
  const picked: LiveSegment[] = [];
  let total = 0;
  for (let i = segments.length - 1; i >= 0 && total < duration; i--) {
    const segment = segments[i];
    if (!segment) break;
    picked.unshift({ uri: segment.uri, duration: segment.duration });
    total += segment.duration;
  }
  if (total + 0.02 < LIVE_MIN_S) return null;
  const length = Math.min(duration, total);
  return { segments: picked, start: Math.max(0, total - length), duration: length };
}

/**
 * Clips: fans with capability `clipping` cut a play of a finished game (or the last seconds of a live one), within
 * their clip allowance; the cut runs as a job. Ready clips are public by their UUID link; only their maker may
 * download (capability `download_clip`, counted as a download) or delete them.
 */
/** A live feed's playlist older than this is a stopped feed: its window is no longer "the last seconds". */
const LIVE_STALE_MS = 20_000;

export function createClipsService(deps: {
  repo: ClipsRepository;
  users: UsersRepository;
  events: EventsRepository;
  eventViews: EventsService;
  viewers: ViewerService;
  playback: PlaybackService;
  paths: MediaPaths;
  tokens: MediaTokens;
  jobs: JobQueue;
  tokenTtlS: number;
  /** A clip was deleted: whatever remembers it as playable forgets it. */
  onRemoved?: (uuid: string) => void;
}) {
  const { repo } = deps;

  async function withEvents(channel: Channel, session: KeySession | null, rows: ClipRow[]): Promise<ClipListItem[]> {
    const viewer = await deps.viewers.of(channel, session);
    const events = new Map<number, Event>();
    for (const id of new Set(rows.map((r) => r.eventId))) {
      events.set(id, await deps.eventViews.get(channel, viewer, id));
    }
    return rows.flatMap((row) => {
      const event = events.get(row.eventId);
      return event ? [{ ...toClip(row, session?.userId ?? null), event }] : [];
    });
  }

  async function livePlan(eventId: number, duration: number) {
    const asset = liveAssetOf(eventId);
    const top = LADDER[0]?.name ?? '720p';
    const file = path.join(deps.paths.hlsDir(asset), top, 'index.m3u8');
    const [playlist, written] = await Promise.all([
      readFile(file, 'utf8').catch(() => null),
      stat(file).then(
        (s) => s.mtimeMs,
        () => 0,
      ),
    ]);
    // A live playlist is rewritten at each segment; one left alone this long belongs to a stopped feed.
    if (playlist === null || Date.now() - written > LIVE_STALE_MS) throw mediaErrors.unavailable();
    const tail = liveTail(parseMediaPlaylist(playlist), duration);
    // Not a second of the feed yet: nothing to cut, as for a feed that is not there.
    if (!tail) throw mediaErrors.unavailable();
    return { asset, ...tail };
  }

  async function ownClip(channel: Channel, userId: number, id: number): Promise<ClipRow> {
    const row = await repo.byId(channel.id, id);
    if (!row || row.userId !== userId) throw clipErrors.notFound();
    return row;
  }

  return {
    async tags(channel: Channel): Promise<ClipTag[]> {
      return (await repo.tags(channel.id)).map((t) => ({ alias: t.alias, names: t.names }));
    },

    async create(
      channel: Channel,
      session: KeySession & { userId: number },
      body: CreateClipBody,
      ip: string,
    ): Promise<Clip> {
      const event = await deps.events.byId(channel.id, body.event_id);
      if (!event) throw eventErrors.notFound();
      const viewer = await deps.viewers.of(channel, session);
      if (!viewer.capabilities.includes('clipping')) throw mediaErrors.capabilityMissing('clipping');
      deps.playback.checkRights(channel, viewer, event, ip);
      if (event.streamStatus === 'upcoming') throw mediaErrors.notStarted();
      const known = new Set((await repo.tags(channel.id)).map((t) => t.alias));
      if (!body.tags.every((tag) => known.has(tag))) throw clipErrors.unknownTag();

      let source: ClipRow['source'];
      let startTime = body.start_time;
      let duration = body.duration;
      if (event.streamStatus === 'live') {
        const live = await livePlan(event.id, body.duration);
        source = { kind: 'live', asset: live.asset, segments: live.segments };
        startTime = live.start;
        // The window there is: the answer's `duration` tells the fan when it is shorter than asked.
        duration = live.duration;
      } else {
        const recording = await deps.playback.recordingOf(channel, event);
        if (recording.durationS !== null && body.start_time + body.duration > recording.durationS + 0.02) {
          throw clipErrors.tooLong();
        }
        source = { kind: 'vod', asset: recording.key };
      }
      const limit = viewer.limits ? viewer.limits.clips : channel.extras.accountDefaults.limits.clips;
      if ((await deps.users.countClip(session.userId, limit)) === null) throw mediaErrors.limitReached();
      deps.viewers.forget(session.userId);
      const row = await repo.insert({
        channelId: channel.id,
        userId: session.userId,
        eventId: event.id,
        eventMediaId: body.event_media_id ?? null,
        name: body.name,
        startTime,
        duration,
        tags: [...new Set(body.tags)],
        source,
      });
      try {
        await deps.jobs.add({ name: 'clip.cut', data: { clipId: row.id } });
      } catch {
        // The job queue is away (Redis down: its adds fail at once rather than hold the request). Nothing would cut
        // this clip until the next start, so it is undone, allowance included, and the fan is told to try again.
        await repo.remove(row.id);
        await deps.users.uncountClip(session.userId);
        throw clipErrors.queueUnavailable();
      }
      return toClip(row, session.userId);
    },

    async ofUser(channel: Channel, session: KeySession & { userId: number }, page: Page) {
      const { rows, total } = await repo.ofUser(channel.id, session.userId, page);
      return { data: await withEvents(channel, session, rows), meta: { total, ...page } };
    },

    async ofEvent(channel: Channel, session: KeySession, eventId: number, page: Page) {
      if (!(await deps.events.byId(channel.id, eventId))) throw eventErrors.notFound();
      const { rows, total } = await repo.ofEvent(channel.id, eventId, session.userId, page);
      return { data: rows.map((r) => toClip(r, session.userId)), meta: { total, ...page } };
    },

    async moments(channel: Channel, session: KeySession, page: Page) {
      const { rows, total } = await repo.recentReady(channel.id, page);
      return { data: await withEvents(channel, session, rows), meta: { total, ...page } };
    },

    async eventsWithClips(channel: Channel, session: KeySession, page: Page) {
      const { ids, total } = await repo.eventIdsWithClips(channel.id, page);
      const viewer = await deps.viewers.of(channel, session);
      const data: Event[] = [];
      for (const id of ids) data.push(await deps.eventViews.get(channel, viewer, id));
      return { data, meta: { total, ...page } };
    },

    async shared(channel: Channel, uuid: string): Promise<SharedClip> {
      const row = await repo.byUuid(channel.id, uuid);
      if (row?.status !== 'ready') throw clipErrors.notFound();
      const [item] = await withEvents(channel, null, [row]);
      if (!item) throw clipErrors.notFound();
      const { own: _own, ...clip } = item;
      return { ...clip, channel_name: channel.name };
    },

    async download(channel: Channel, session: KeySession & { userId: number }, id: number): Promise<ClipDownload> {
      const row = await ownClip(channel, session.userId, id);
      const viewer = await deps.viewers.of(channel, session);
      if (!viewer.capabilities.includes('download_clip')) throw mediaErrors.capabilityMissing('download_clip');
      if (row.status !== 'ready') throw clipErrors.notReady();
      const limit = viewer.limits ? viewer.limits.downloads : channel.extras.accountDefaults.limits.downloads;
      const used = await deps.users.countDownload(session.userId, limit);
      if (used === null) throw mediaErrors.limitReached();
      deps.viewers.forget(session.userId);
      const exp = Math.floor(Date.now() / 1000) + deps.tokenTtlS;
      const token = deps.tokens.sign({
        keyId: session.keyId,
        channelId: channel.id,
        eventId: row.eventId,
        asset: `clip/${row.uuid}`,
        purpose: 'download',
        exp,
      });
      return {
        url: `/media/clips/${row.uuid}/download/${token}`,
        filename: `${row.name.replace(/[^\p{L}\p{N} @._-]+/gu, '').trim() || 'clip'}.mp4`,
        expires_at: new Date(exp * 1000).toISOString(),
        downloads_left: limit === null ? null : Math.max(0, limit - used),
      };
    },

    async remove(channel: Channel, session: KeySession & { userId: number }, id: number): Promise<void> {
      const row = await ownClip(channel, session.userId, id);
      await repo.remove(row.id);
      deps.onRemoved?.(row.uuid);
      await rm(deps.paths.clipDir(row.uuid), { recursive: true, force: true });
    },

    /** The files of clips whose rows are gone (a deleted account's). */
    async removeFiles(uuids: readonly string[]): Promise<void> {
      for (const uuid of uuids) {
        deps.onRemoved?.(uuid);
        await rm(deps.paths.clipDir(uuid), { recursive: true, force: true });
      }
    },
  };
}
export type ClipsService = ReturnType<typeof createClipsService>;
