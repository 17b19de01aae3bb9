import { integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from '../auth/users.table';

/** A user's answers to a channel form, one row per field. */
export const customFormValues = pgTable(
  'custom_form_values',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    alias: text().notNull(),
    name: text().notNull(),
    value: jsonb().$type<string | number | boolean | null>(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.alias, t.name] })],
);
