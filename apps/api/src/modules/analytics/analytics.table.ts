import { bigserial, index, integer, jsonb, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { channelIdColumn } from '../channel/channel.table';

/** Anonymous viewing sessions, keyed by the id the client generates; they live 24 h from the last call. */
export const analyticsSessions = pgTable(
  'analytics_sessions',
  {
    id: text().primaryKey(),
    channelId: channelIdColumn(),
    profile: text(),
    deviceType: text().notNull(),
    userAgent: text().notNull(),
    resolution: text().notNull(),
    platform: text().notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.channelId, t.startedAt)],
);

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    channelId: channelIdColumn(),
    session: text().notNull(),
    name: text().notNull(),
    page: text(),
    previousPage: text(),
    properties: jsonb().$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.channelId, t.name, t.createdAt)],
);

/** Player events: play (with its startup time), pause, seek, ended, error, rendition change, stall (with its length). */
export const videoEvents = pgTable(
  'analytics_video_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    channelId: channelIdColumn(),
    session: text().notNull(),
    eventId: integer().notNull(),
    name: text().notNull(),
    position: real(),
    properties: jsonb().$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.channelId, t.createdAt), index().on(t.eventId)],
);

/** Viewing time beats with what was watched, for reports by sport, gender, school and league. */
export const viewingTime = pgTable(
  'analytics_viewing_time',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    channelId: channelIdColumn(),
    session: text().notNull(),
    eventId: integer().notNull(),
    seconds: integer().notNull(),
    category: text(),
    sport: text(),
    gender: text(),
    school: text(),
    league: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.channelId, t.createdAt)],
);
