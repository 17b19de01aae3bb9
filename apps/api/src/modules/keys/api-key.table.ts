import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../auth/users.table';
import { channelIdColumn } from '../channel/channel.table';

/** Access keys. Only a SHA-256 of the 256-bit token is stored, so a database leak does not leak keys. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    channelId: channelIdColumn(),
    /** Null for a guest key; set once the key's holder logs in. */
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userId), index().on(t.expiresAt)],
);
