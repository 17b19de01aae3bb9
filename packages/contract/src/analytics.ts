import { z } from 'zod';

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
const key = z.string().min(1).max(128);

export const analyticsHashQuerySchema = z.strictObject({ key });

export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'tv', 'other'] as const;

export const analyticsSessionBodySchema = z.strictObject({
  key,
  profile: z.string().max(64).nullable(),
  session: z.string().min(8).max(64),
  device_type: z.enum(DEVICE_TYPES),
  user_agent: z.string().max(512),
  resolution: z.string().regex(/^\d{2,5}x\d{2,5}$/),
  platform: z.string().max(64),
});

export const PAGE_VIEW_EVENT = 'page_view';
export const VIDEO_EVENT_NAMES = ['play', 'pause', 'seek', 'ended', 'error', 'rendition_change', 'stall'] as const;

export const analyticsEventBodySchema = z.strictObject({
  key,
  session: z.string().min(8).max(64),
  name: z.string().min(1).max(64),
  page: z.string().max(2048).optional(),
  previous_page: z.string().max(2048).nullable().optional(),
  properties: z
    .record(z.string().max(64), z.union([z.string().max(512), z.number(), z.boolean(), z.null()]))
    .optional(),
  ts: z.number().int().optional(),
});

export const videoEventBodySchema = z.strictObject({
  key,
  session: z.string().min(8).max(64),
  event_id: z.number().int().positive(),
  name: z.enum(VIDEO_EVENT_NAMES),
  position: z.number().nonnegative().optional(),
  properties: z
    .record(z.string().max(64), z.union([z.string().max(512), z.number(), z.boolean(), z.null()]))
    .optional(),
  ts: z.number().int().optional(),
});

export const viewingTimeBodySchema = z.strictObject({
  key,
  session: z.string().min(8).max(64),
  event_id: z.number().int().positive(),
  viewing_time: z.number().int().min(0).max(3600),
  category: z.string().max(100).nullable(),
  sport: z.string().max(100).nullable(),
  gender: z.string().max(20).nullable(),
  school: z.string().max(200).nullable(),
  league: z.string().max(200).nullable(),
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
  days: z.coerce.number().int().min(1).max(90).default(7),
});
