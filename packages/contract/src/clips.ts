import { z } from 'zod';
import { bodySchema, boundedNumber, idSchema, isoDateTimeSchema, text, urlOrPathSchema } from './common';
import { CLIP_STATUSES } from './enums';
import { eventSchema } from './events';
import { VALIDATION_MESSAGES } from './messages';

export const clipSchema = z
  .object({
    id: idSchema,
    uuid: z.uuid(),
    event_id: idSchema,
    event_media_id: idSchema.nullable(),
    name: z.string(),
    start_time: z.number().nonnegative().describe('Seconds from the start of the event media'),
    duration: z.number().positive().describe('Seconds'),
    tags: z.array(z.string()),
    status: z.enum(CLIP_STATUSES),
    url: urlOrPathSchema.nullable(),
    thumbnail: urlOrPathSchema.nullable(),
    created_at: isoDateTimeSchema,
  })
  .meta({ id: 'Clip' });
export type Clip = z.infer<typeof clipSchema>;
export const clipListItemSchema = clipSchema.extend({ event: eventSchema }).meta({ id: 'ClipListItem' });
export type ClipListItem = z.infer<typeof clipListItemSchema>;

/** A clip starts within a game's media; no game runs a day. */
export const CLIP_START_MAX_S = 24 * 3600;

export const createClipBodySchema = bodySchema({
  event_id: idSchema,
  event_media_id: idSchema.nullable().optional(),
  name: text().trim().min(1, VALIDATION_MESSAGES.clipNameRequired).max(120),
  start_time: boundedNumber(0, CLIP_START_MAX_S),
  duration: z.number().positive().max(600),
  tags: z.array(text().min(1).max(40)).min(1, VALIDATION_MESSAGES.clipTagRequired).max(10),
});
export type CreateClipBody = z.infer<typeof createClipBodySchema>;
