import { z } from 'zod';
import {
  idSchema,
  isoDateTimeSchema,
  pageOf,
  paginationShape,
  queryId,
  queryInt,
  querySchema,
  text,
  urlOrPathSchema,
} from './common';
import { VOD_SEARCH_PAGE_SIZE } from './constants';
import { VOD_ASSET_TYPES } from './enums';
import { playbackSchema } from './media';

export const vodAssetSchema = z.object({ type: z.enum(VOD_ASSET_TYPES), path: urlOrPathSchema });

export const vodMediaItemSchema = z
  .object({
    id: idSchema,
    title: z.string(),
    date: isoDateTimeSchema,
    category_id: idSchema,
    description: z.string().nullable(),
    assets: z.array(vodAssetSchema),
  })
  .meta({ id: 'VodMediaItem' });
export type VodMediaItem = z.infer<typeof vodMediaItemSchema>;

export const vodRailSchema = z
  .object({ id: idSchema, title: z.string(), vod_media_items: z.array(vodMediaItemSchema) })
  .meta({ id: 'VodRail' });
export type VodRail = z.infer<typeof vodRailSchema>;

export const vodCategorySchema = z
  .object({ id: idSchema, name: z.string(), alias: z.string(), position: z.number().int() })
  .meta({ id: 'VodCategory' });
export type VodCategory = z.infer<typeof vodCategorySchema>;

export const vodSearchQuerySchema = querySchema({
  title: text().trim().max(100).optional(),
  limit: queryInt(1, 100).default(VOD_SEARCH_PAGE_SIZE),
  offset: queryInt(0, 1_000_000).default(0),
  sort_field: z.enum(['date', 'title']).default('date'),
});
export type VodSearchQuery = z.input<typeof vodSearchQuerySchema>;

export const vodItemsQuerySchema = querySchema({
  ...paginationShape,
  category_id: queryId().optional(),
});

/** A page of library items (`GET vod-media-items`, `GET vod-media/search`). */
export const vodMediaPageSchema = pageOf(vodMediaItemSchema);
export type VodMediaPage = z.infer<typeof vodMediaPageSchema>;

/**
 * `GET vod-media-items/{id}/playback`: the event playback's shape, with the library item it plays. A library item
 * belongs to no event (`event_id` is 0, like the test feed) and plays no preroll.
 */
export const vodPlaybackSchema = playbackSchema.extend({ vod_media_item_id: idSchema }).meta({ id: 'VodPlayback' });
export type VodPlayback = z.infer<typeof vodPlaybackSchema>;
