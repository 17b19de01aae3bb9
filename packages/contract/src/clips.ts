import { z } from 'zod';
import {
  bodySchema,
  boundedNumber,
  idSchema,
  isoDateTimeSchema,
  paginationShape,
  querySchema,
  text,
  urlOrPathSchema,
} from './common';
import { CLIP_MAX_DURATION_S, LANGUAGES } from './constants';
import { CLIP_STATUSES } from './enums';
import { eventSchema } from './events';
import { VALIDATION_MESSAGES } from './messages';

export const clipStatusSchema = z.enum(CLIP_STATUSES);

export const clipSchema = z
  .object({
    id: idSchema,
    uuid: z.uuid().describe('The share id: `/share/{id}/{uuid}` and `GET /shared-clip/{uuid}`'),
    event_id: idSchema,
    event_media_id: idSchema.nullable(),
    name: z.string(),
    start_time: z.number().nonnegative().describe('Seconds from the start of the event media'),
    duration: z.number().positive().describe('Seconds'),
    tags: z.array(z.string()).describe('Tag aliases of the channel list (`GET /clips/tags`)'),
    status: clipStatusSchema,
    progress: z.number().int().min(0).max(100),
    /** Why a failed clip failed, in the catalogue's words ("clip creating failed"). */
    error: z.string().nullable(),
    /** The clip's MP4 (ready clips only); its UUID is the share secret, so the link plays for anyone holding it. */
    url: urlOrPathSchema.nullable(),
    thumbnail: urlOrPathSchema.nullable(),
    /** Whether the caller made it (may download and delete it). */
    own: z.boolean(),
    created_at: isoDateTimeSchema,
  })
  .meta({ id: 'Clip' });
export type Clip = z.infer<typeof clipSchema>;
export const clipListItemSchema = clipSchema.extend({ event: eventSchema }).meta({ id: 'ClipListItem' });
export type ClipListItem = z.infer<typeof clipListItemSchema>;

/** A shared clip as anyone with its link sees it: the clip, its game and who published it. */
export const sharedClipSchema = clipSchema
  .omit({ own: true })
  .extend({ event: eventSchema, channel_name: z.string() })
  .meta({ id: 'SharedClip' });
export type SharedClip = z.infer<typeof sharedClipSchema>;

/** A tag of the channel's list with its name in each interface language. */
export const clipTagSchema = z
  .object({ alias: z.string(), names: z.record(z.enum(LANGUAGES), z.string()) })
  .meta({ id: 'ClipTag' });
export type ClipTag = z.infer<typeof clipTagSchema>;

/** A clip starts within a game's media; no game runs a day. */
export const CLIP_START_MAX_S = 24 * 3600;

/**
 * A new clip. On a finished game `start_time` is seconds from the start of its media; on a live game the clip is
 * the last `duration` seconds up to the live edge when it is asked for (`start_time` is then 0).
 */
export const createClipBodySchema = bodySchema({
  event_id: idSchema,
  event_media_id: idSchema.nullable().optional(),
  name: text().trim().min(1, VALIDATION_MESSAGES.clipNameRequired).max(120),
  start_time: boundedNumber(0, CLIP_START_MAX_S),
  duration: z.number().min(1).max(CLIP_MAX_DURATION_S),
  tags: z.array(text().min(1).max(40)).min(1, VALIDATION_MESSAGES.clipTagRequired).max(10),
});
export type CreateClipBody = z.infer<typeof createClipBodySchema>;

export const clipsQuerySchema = querySchema({ ...paginationShape });

export const sharedClipParamsSchema = z.strictObject({ id: z.uuid() });

/** The counted download of a clip's MP4: a signed link that expires. */
export const clipDownloadSchema = z
  .object({
    url: urlOrPathSchema,
    filename: z.string(),
    expires_at: isoDateTimeSchema,
    downloads_left: z.number().int().nonnegative().nullable(),
  })
  .meta({ id: 'ClipDownload' });
export type ClipDownload = z.infer<typeof clipDownloadSchema>;
