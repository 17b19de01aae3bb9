import type { CustomFormField } from '@sideline/contract/custom-forms';
import { jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { channelIdColumn } from '../channel/channel.table';

/** A channel's form definitions; each field's `value` is its default. */
export const customForms = pgTable(
  'custom_forms',
  {
    id: serial().primaryKey(),
    channelId: channelIdColumn(),
    alias: text().notNull(),
    fields: jsonb().$type<CustomFormField[]>().notNull(),
  },
  (t) => [uniqueIndex().on(t.channelId, t.alias)],
);
