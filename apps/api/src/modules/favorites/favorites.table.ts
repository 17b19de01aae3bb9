import type { FavoriteType } from '@sideline/contract/enums';
import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../auth/users.table';

/** What a fan follows: a team, a school, a sport, an event or a venue. */
export const favorites = pgTable(
  'favorites',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    favoritableType: text().$type<FavoriteType>().notNull(),
    favoritableId: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.userId, t.favoritableType, t.favoritableId)],
);
