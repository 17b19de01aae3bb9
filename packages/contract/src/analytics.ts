import { z } from 'zod';
import { boundedNumber, INT32_MAX, INT32_MIN, id, int32, queryInt, text, unixMillis } from './common';

/**
 * The analytics collector is a separate service (default: `/analytics` on the API's origin, or the channel's
 * `yare-analytics.host`). Every call carries the channel's `yare-analytics-key` as `key`.
 * - `GET  {base}/hash?key=`          -> `{ data: { hash } }`: a new anonymous profile id
 * - `POST {base}/session`            -> 202: opens or refreshes a 24 h session
 * - `POST {base}/events`             -> 202: page views and other events
 * - `POST {base}/video-events`       -> 202: play, pause, seek, ended, error, rendition change, stall
 * - `POST {base}/viewing-time`       -> 202: viewing time beats
 */
export const ANALYTICS_DEFAULT_BASE = '/analytics';
const key = text().min(1).max(128);

export const analyticsHashQuerySchema = z.strictObject({ key });

export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'tv', 'other'] as const;

export const analyticsSessionBodySchema = z.strictObject({
  key,
  profile: text().max(64).nullable(),
  session: text().min(8).max(64),
  device_type: z.enum(DEVICE_TYPES),
  user_agent: text().max(512),
  resolution: text().regex(/^\d{2,5}x\d{2,5}$/),
  platform: text().max(64),
});

/** At most this many properties an event: a player sends a handful; a megabyte of them is a flood, not a figure. */
export const ANALYTICS_PROPERTIES_MAX = 32;

/** Extra figures of an event (e.g. startup_ms, bitrate). */
const propertiesSchema = z
  .record(text().max(64), z.union([text().max(512), boundedNumber(INT32_MIN, INT32_MAX), z.boolean(), z.null()]))
  .refine((p) => Object.keys(p).length <= ANALYTICS_PROPERTIES_MAX, {
    message: `at most ${ANALYTICS_PROPERTIES_MAX} properties`,
  });
/** The furthest a player position can be, in seconds (a week of live rewind is far more than any window). */
export const POSITION_MAX_S = 7 * 24 * 3600;

export const PAGE_VIEW_EVENT = 'page_view';
export const VIDEO_EVENT_NAMES = ['play', 'pause', 'seek', 'ended', 'error', 'rendition_change', 'stall'] as const;

export const analyticsEventBodySchema = z.strictObject({
  key,
  session: text().min(8).max(64),
  name: text().min(1).max(64),
  page: text().max(2048).optional(),
  previous_page: text().max(2048).nullable().optional(),
  properties: propertiesSchema.optional(),
  ts: unixMillis().optional(),
});

export const videoEventBodySchema = z.strictObject({
  key,
  session: text().min(8).max(64),
  event_id: id(),
  name: z.enum(VIDEO_EVENT_NAMES),
  position: boundedNumber(0, POSITION_MAX_S).optional(),
  properties: propertiesSchema.optional(),
  ts: unixMillis().optional(),
});

export const viewingTimeBodySchema = z.strictObject({
  key,
  session: text().min(8).max(64),
  event_id: id(),
  viewing_time: int32().min(0).max(3600),
  category: text().max(100).nullable(),
  sport: text().max(100).nullable(),
  gender: text().max(20).nullable(),
  school: text().max(200).nullable(),
  league: text().max(200).nullable(),
});

/**
 * Playback quality of a channel over a period, the figures Mux Data reports: how many plays, how long video
 * took to start, how much of the watching time was spent stalled, how often playback failed.
 */
export const playbackQualitySchema = z
  .object({
    from: z.iso.datetime(),
    to: z.iso.datetime(),
    plays: z.number().int().nonnegative(),
    viewers: z.number().int().nonnegative(),
    startup_ms: z.object({ median: z.number().nullable(), p95: z.number().nullable() }),
    viewing_time_s: z.number().nonnegative(),
    stall_time_s: z.number().nonnegative(),
    stall_ratio: z.number().nonnegative().describe('Stalled time over viewing time'),
    errors: z.number().int().nonnegative(),
    error_rate: z.number().nonnegative().describe('Errors per play'),
  })
  .meta({ id: 'PlaybackQuality' });
export type PlaybackQuality = z.infer<typeof playbackQualitySchema>;
export const playbackQualityQuerySchema = z.strictObject({
  key,
  days: queryInt(1, 90).default(7),
});
