import { integer, pgTable, real, serial, text, timestamp } from 'drizzle-orm/pg-core';

export type MediaKind = 'vod' | 'live' | 'preroll';
export type MediaStatus = 'pending' | 'processing' | 'ready' | 'failed';

/**
 * Packaged media: an HLS ladder (and, for VOD, an MP4 for downloads) under MEDIA_DIR/hls/<key>.
 * Finished events point at one by `media_key`; a live event plays its own live feed, `live/e<id>`, which is
 * files only (no row): its encoder runs on demand.
 */
export const mediaAssets = pgTable('media_assets', {
  id: serial().primaryKey(),
  key: text().notNull().unique(),
  kind: text().$type<MediaKind>().notNull(),
  status: text().$type<MediaStatus>().notNull().default('pending'),
  title: text().notNull().default(''),
  durationS: real(),
  progress: integer().notNull().default(0),
  error: text(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});
