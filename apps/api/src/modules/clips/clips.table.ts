import type { Language } from '@sideline/contract/constants';
import type { ClipStatus } from '@sideline/contract/enums';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, real, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { users } from '../auth/users.table';
import { channelIdColumn } from '../channel/channel.table';
import { events } from '../events/events.table';

/** One segment of a live feed a clip is cut from, copied from the playlist when the clip was asked for. */
export type LiveSegment = { uri: string; duration: number };

/**
 * Where a clip's pictures come from, fixed when it is asked for: a finished game's packaged asset, or the live
 * feed's segments of that moment (the sliding window deletes them later, so the list is taken at once).
 */
export type ClipSource = { kind: 'vod'; asset: string } | { kind: 'live'; asset: string; segments: LiveSegment[] };

/**
 * A fan's clip of a game: asked for by the fan, cut by the `clip.cut` job. The row is the job's state (queued,
 * processing, ready, failed), so a restart finds every unfinished cut and runs it again.
 */
export const clips = pgTable(
  'clips',
  {
    id: serial().primaryKey(),
    uuid: uuid().notNull().unique().default(sql`gen_random_uuid()`),
    channelId: channelIdColumn(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: integer()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    eventMediaId: integer(),
    name: text().notNull(),
    startTime: real().notNull(),
    duration: real().notNull(),
    tags: jsonb().$type<string[]>().notNull(),
    status: text().$type<ClipStatus>().notNull().default('queued'),
    progress: integer().notNull().default(0),
    error: text(),
    /** Cut attempts started; a cut that keeps failing ends failed instead of retrying for ever. */
    attempts: integer().notNull().default(0),
    source: jsonb().$type<ClipSource>().notNull(),
    /** How the last cut was made (`copy` or `edges`): for the benchmark and the logs. */
    method: text(),
    readyAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('clips_user_idx').on(t.userId, t.createdAt),
    index('clips_event_idx').on(t.eventId, t.status),
    index('clips_channel_ready_idx').on(t.channelId, t.status, t.readyAt),
  ],
);

/** The tags a channel offers for clips (goal, save, dunk…), with their names in each interface language. */
export const clipTags = pgTable(
  'clip_tags',
  {
    id: serial().primaryKey(),
    channelId: channelIdColumn(),
    alias: text().notNull(),
    names: jsonb().$type<Record<Language, string>>().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('clip_tags_channel_alias_idx').on(t.channelId, t.alias)],
);
