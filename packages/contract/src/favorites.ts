import { z } from 'zod';
import { bodySchema, idSchema, paginationShape, querySchema, sortDirectionSchema, unixSecondsQuery } from './common';
import { FAVORITE_TYPES } from './enums';
import { EVENT_SORT_FIELDS, streamStatusSchema } from './events';

export const favoriteTypeSchema = z.enum(FAVORITE_TYPES);

export const favoriteSchema = z
  .object({ id: idSchema, favoritable_id: idSchema, favoritable_type: favoriteTypeSchema })
  .meta({ id: 'Favorite' });
export type Favorite = z.infer<typeof favoriteSchema>;

export const addFavoriteBodySchema = bodySchema({ favoritable_id: idSchema, favoritable_type: favoriteTypeSchema });
export type AddFavoriteBody = z.infer<typeof addFavoriteBodySchema>;

export const favoriteEventsQuerySchema = querySchema({
  ...paginationShape,
  stream_status: streamStatusSchema.optional(),
  start_date: unixSecondsQuery().optional(),
  end_date: unixSecondsQuery().optional(),
  sort_field: z.enum(EVENT_SORT_FIELDS).default('event_utc_ts'),
  sort_direction: sortDirectionSchema.default('asc'),
});

/** Client-side check of spec section 5: an unknown favorite type is rejected before any call. */
export const isFavoriteType = (value: string): value is (typeof FAVORITE_TYPES)[number] =>
  (FAVORITE_TYPES as readonly string[]).includes(value);
