import type { Gender } from '@sideline/contract/enums';
import { integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { channelIdColumn } from '../channel/channel.table';

// The channel's catalogue (sports, venues, schools, teams): events, and the media of teams, refer to its rows.

/** Sports. */
export const eventCategories = pgTable(
  'event_categories',
  {
    id: serial().primaryKey(),
    channelId: channelIdColumn(),
    name: text().notNull(),
    alias: text().notNull(),
    image: text(),
    position: integer().notNull().default(0),
  },
  (t) => [uniqueIndex().on(t.channelId, t.alias)],
);

export const eventLocations = pgTable('event_locations', {
  id: serial().primaryKey(),
  channelId: channelIdColumn(),
  name: text().notNull(),
  address: text(),
  city: text(),
  state: text(),
  country: text().notNull().default('US'),
  timeZone: text().notNull(),
});

/** Schools. */
export const participantGroups = pgTable(
  'participant_groups',
  {
    id: serial().primaryKey(),
    channelId: channelIdColumn(),
    alias: text().notNull(),
    name: text().notNull(),
    shortName: text().notNull(),
    image: text(),
    color: text().notNull(),
    properties: jsonb().$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [uniqueIndex().on(t.channelId, t.alias)],
);

/** Teams. */
export const participants = pgTable(
  'participants',
  {
    id: serial().primaryKey(),
    channelId: channelIdColumn(),
    participantGroupId: integer().references(() => participantGroups.id, { onDelete: 'set null' }),
    eventCategoryId: integer().references(() => eventCategories.id, { onDelete: 'set null' }),
    alias: text().notNull(),
    name: text().notNull(),
    shortName: text().notNull(),
    logo: text(),
    banner: text(),
    color: text().notNull(),
    gender: text().$type<Gender>(),
  },
  (t) => [uniqueIndex().on(t.channelId, t.alias)],
);
