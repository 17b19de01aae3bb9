import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { channelIdColumn } from '../channel/channel.table';

/** A channel's library sections (interviews, highlights, ...), in their menu order. */
export const vodCategories = pgTable(
  'vod_categories',
  {
    id: serial().primaryKey(),
    channelId: channelIdColumn(),
    name: text().notNull(),
    alias: text().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [uniqueIndex().on(t.channelId, t.alias)],
);

/**
 * A library video. `mediaKey` names its packaged HLS asset (media_assets.key), which may be packaged after the row
 * exists (the demo queues it at start), so it is not a foreign key.
 */
export const vodMediaItems = pgTable(
  'vod_media_items',
  {
    id: serial().primaryKey(),
    channelId: channelIdColumn(),
    categoryId: integer()
      .notNull()
      .references(() => vodCategories.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text(),
    date: timestamp({ withTimezone: true }).notNull(),
    mediaKey: text().notNull(),
    image: text().notNull(),
    preview: text(),
  },
  (t) => [index().on(t.channelId, t.categoryId, t.date), index().on(t.channelId, t.date)],
);

/** A channel's rows of picked videos on the library page. */
export const vodRails = pgTable(
  'vod_rails',
  {
    id: serial().primaryKey(),
    channelId: channelIdColumn(),
    title: text().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [index().on(t.channelId, t.position)],
);

/** Which videos a rail shows, in order. */
export const vodRailItems = pgTable(
  'vod_rail_items',
  {
    railId: integer()
      .notNull()
      .references(() => vodRails.id, { onDelete: 'cascade' }),
    itemId: integer()
      .notNull()
      .references(() => vodMediaItems.id, { onDelete: 'cascade' }),
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.railId, t.itemId] })],
);
