import { z } from 'zod';
import {
  idSchema,
  isoDateTimeSchema,
  paginationShape,
  queryId,
  queryInt,
  querySchema,
  text,
  urlOrPathSchema,
} from './common';
import { VOD_SEARCH_PAGE_SIZE } from './constants';
import { VOD_ASSET_TYPES } from './enums';

export const vodAssetSchema = z.object({ type: z.enum(VOD_ASSET_TYPES), path: urlOrPathSchema });

export const vodMediaItemSchema = z
  .object({ id: idSchema, title: z.string(), date: isoDateTimeSchema, assets: z.array(vodAssetSchema) })
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

export const vodItemsQuerySchema = querySchema({
  ...paginationShape,
  category_id: queryId().optional(),
});
