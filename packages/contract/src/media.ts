import { z } from 'zod';
import { idSchema, isoDateTimeSchema, urlOrPathSchema } from './common';

/**
 * `GET /events/{id}/playback`: where to play an event, given only when the caller may watch it. The URL carries a
 * token bound to the caller's key, the event and an expiry; every playlist and segment request checks it.
 * Refusals are errors with codes the player turns into screens: `login_required` (register event, guest),
 * `purchase_required`, `capability_missing`, `geo_blocked` (message `region blocked`), `not_started`
 * (upcoming), `media_unavailable` (still packaging; try again shortly).
 */
export const playbackSchema = z
  .object({
    event_id: z.number().int().nonnegative(),
    kind: z.enum(['vod', 'live']),
    url: urlOrPathSchema.describe('HLS master playlist'),
    expires_at: isoDateTimeSchema,
    duration_s: z.number().nullable().describe('Length of an on-demand game'),
    live_window_s: z.number().nullable().describe('How far back a live stream can be rewound'),
    preroll: z
      .object({ id: idSchema, url: urlOrPathSchema })
      .nullable()
      .describe('An advertisement to play first; null for viewers with `no_ads`'),
  })
  .meta({ id: 'Playback' });
export type Playback = z.infer<typeof playbackSchema>;

/** `GET download-event/{id}`: a signed link to the MP4 of a finished event; counted against the user's downloads. */
export const downloadSchema = z
  .object({
    url: urlOrPathSchema,
    filename: z.string(),
    expires_at: isoDateTimeSchema,
    downloads_left: z.number().int().nullable(),
  })
  .meta({ id: 'Download' });
export type Download = z.infer<typeof downloadSchema>;
