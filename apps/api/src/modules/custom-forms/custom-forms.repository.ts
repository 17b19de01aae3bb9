import type { CustomForm } from '@sideline/contract/custom-forms';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customFormValues } from './custom-form-values.table';
import { customForms } from './custom-forms.table';

type Value = string | number | boolean | null;

export function createCustomFormsRepository({ db }: { db: Db }) {
  return {
    async definition(channelId: number, alias: string): Promise<CustomForm | undefined> {
      const [row] = await db
        .select()
        .from(customForms)
        .where(and(eq(customForms.channelId, channelId), eq(customForms.alias, alias)))
        .limit(1);
      return row ? { alias: row.alias, fields: row.fields } : undefined;
    },
    async values(userId: number, alias: string): Promise<Map<string, Value>> {
      const rows = await db
        .select()
        .from(customFormValues)
        .where(and(eq(customFormValues.userId, userId), eq(customFormValues.alias, alias)));
      return new Map(rows.map((r) => [r.name, r.value ?? null]));
    },
    /** Saves every submitted field in one transaction: all or nothing. */
    async save(userId: number, alias: string, fields: { name: string; value: Value }[]): Promise<void> {
      await db.transaction(async (tx) => {
        for (const f of fields) {
          await tx
            .insert(customFormValues)
            .values({ userId, alias, name: f.name, value: f.value })
            .onConflictDoUpdate({
              target: [customFormValues.userId, customFormValues.alias, customFormValues.name],
              set: { value: f.value },
            });
        }
      });
    },
  };
}
export type CustomFormsRepository = ReturnType<typeof createCustomFormsRepository>;
