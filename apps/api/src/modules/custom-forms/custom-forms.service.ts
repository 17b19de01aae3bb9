import type { CustomForm, CustomFormField } from '@sideline/contract/custom-forms';
import type { Cache } from '../../lib/cache';
import { customFormErrors } from './custom-forms.errors';
import type { CustomFormsRepository } from './custom-forms.repository';

type Value = string | number | boolean | null;

/** A checkbox or number field takes numbers (0/1 for a checkbox); text and select fields take strings. */
function accepts(field: CustomFormField, value: Value): boolean {
  if (value === null) return true;
  if (field.type === 'checkbox') return value === 0 || value === 1 || typeof value === 'boolean';
  if (field.type === 'number') return typeof value === 'number' && Number.isFinite(value);
  return typeof value === 'string';
}

export function createCustomFormsService({
  repo,
  cache,
  onSaved,
}: {
  repo: CustomFormsRepository;
  cache: Cache;
  /** Told of every saved answer set (choosing the basic pass on the passes form starts its trial). */
  onSaved?: (
    channelId: number,
    alias: string,
    userId: number,
    fields: { name: string; value: Value }[],
  ) => Promise<void>;
}) {
  async function definition(channelId: number, alias: string): Promise<CustomForm> {
    const form = await cache.get(`ch:${channelId}:form:${alias}`, () => repo.definition(channelId, alias));
    if (!form) throw customFormErrors.notFound();
    return form;
  }

  return {
    /** The form with the user's answers over its defaults (a guest sees the defaults). */
    async get(channelId: number, alias: string, userId: number | null): Promise<CustomForm> {
      const form = await definition(channelId, alias);
      if (userId === null) return form;
      const values = await repo.values(userId, alias);
      return {
        alias: form.alias,
        fields: form.fields.map((f) => (values.has(f.name) ? { ...f, value: values.get(f.name) ?? null } : f)),
      };
    },

    async submit(
      channelId: number,
      alias: string,
      userId: number,
      fields: { name: string; value: Value }[],
    ): Promise<CustomForm> {
      const form = await definition(channelId, alias);
      for (const f of fields) {
        const field = form.fields.find((d) => d.name === f.name);
        if (!field) throw customFormErrors.unknownField(f.name);
        if (!accepts(field, f.value)) throw customFormErrors.wrongType(field);
      }
      const normalised = fields.map((f) => ({
        name: f.name,
        value: typeof f.value === 'boolean' ? Number(f.value) : f.value,
      }));
      await repo.save(userId, alias, normalised);
      await onSaved?.(channelId, alias, userId, normalised);
      return this.get(channelId, alias, userId);
    },
  };
}
export type CustomFormsService = ReturnType<typeof createCustomFormsService>;
