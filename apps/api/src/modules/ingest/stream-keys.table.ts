import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { channelIdColumn } from '../channel/channel.table';
import { events } from '../events/events.table';

/**
 * One stream key per game. The key is kept as it was issued (an operator reads it again, as YouTube and Twitch show
 * theirs); it is unique, so an encoder's key names its game and channel in one indexed read. A rotation replaces it.
 */
export const streamKeys = pgTable('stream_keys', {
  id: serial().primaryKey(),
  channelId: channelIdColumn(),
  eventId: integer()
    .notNull()
    .unique()
    .references(() => events.id, { onDelete: 'cascade' }),
  key: text().notNull().unique(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
