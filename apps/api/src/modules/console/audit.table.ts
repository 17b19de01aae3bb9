import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { channelIdColumn } from '../channel/channel.table';

/**
 * Every console change, written in the change's own transaction: who, when, from where, what, and the values before
 * and after with secrets masked. Rows are only ever inserted: a trigger (migration 0009) refuses UPDATE and DELETE,
 * so not even a bug in the API can rewrite the history. The actor is copied, not referenced: an entry outlives the
 * account that made it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial().primaryKey(),
    channelId: channelIdColumn(),
    at: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
    actorId: integer(),
    actorEmail: text().notNull(),
    actorRole: text().notNull(),
    address: text(),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text(),
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_log_channel_at').on(t.channelId, t.at),
    index('audit_log_channel_action').on(t.channelId, t.action),
  ],
);
