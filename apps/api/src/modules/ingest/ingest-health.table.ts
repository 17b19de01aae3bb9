import { boolean, index, integer, jsonb, pgTable, real, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { channelIdColumn } from '../channel/channel.table';
import { events } from '../events/events.table';

/** A rendition an ingest transcoder writes. */
export type HealthRendition = { name: string; height: number; passthrough: boolean };

/**
 * A live game's ingest health, sampled every `INGEST_HEALTH_SAMPLE_S` while its stream is ingested: the encoder's
 * input and the transcoder's progress. Every sample of a game is kept (a 4 h game at 5 s is about 2,900 rows) and
 * goes with the game (cascade).
 */
export const ingestHealthSamples = pgTable(
  'ingest_health_samples',
  {
    id: serial().primaryKey(),
    channelId: channelIdColumn(),
    eventId: integer()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    sampledAt: timestamp({ withTimezone: true }).notNull(),
    connected: boolean().notNull(),
    inputKbps: real(),
    sourceFps: real(),
    width: integer(),
    height: integer(),
    videoCodec: text(),
    audioCodec: text(),
    gapS: real().notNull().default(0),
    transcoderRunning: boolean().notNull(),
    speed: real(),
    transcoderFps: real(),
    framesDropped: integer().notNull().default(0),
    framesDuplicated: integer().notNull().default(0),
    stalled: boolean().notNull().default(false),
    slow: boolean().notNull().default(false),
    renditions: jsonb().$type<HealthRendition[]>().notNull().default([]),
  },
  (t) => [index('ingest_health_samples_event_time').on(t.eventId, t.sampledAt)],
);
