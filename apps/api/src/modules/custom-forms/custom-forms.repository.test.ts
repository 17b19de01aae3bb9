import { PASSES_FORM_ALIAS } from '@sideline/contract/custom-forms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEARTLAND, insertUser, SOFIA } from '../../../test/support/rows';
import { dbKinds, openTestDatabase } from '../../../test/support/test-database';
import type { Database } from '../../db/client';
import { type CustomFormsRepository, createCustomFormsRepository } from './custom-forms.repository';
import { customForms } from './custom-forms.table';

describe.each(dbKinds())('custom forms repository on %s', (kind) => {
  let database: Database;
  let repo: CustomFormsRepository;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    repo = createCustomFormsRepository({ db: database.db });
  });
  afterAll(() => database.close());

  it('gives a form’s definition on its own channel only', async () => {
    await database.db.insert(customForms).values({
      channelId: SOFIA,
      alias: 'survey',
      fields: [{ name: 'city', label: 'City', type: 'text', value: '' }],
    });
    expect(await repo.definition(SOFIA, 'survey')).toEqual({
      alias: 'survey',
      fields: [{ name: 'city', label: 'City', type: 'text', value: '' }],
    });
    expect(await repo.definition(HEARTLAND, 'survey')).toBeUndefined();
    expect((await repo.definition(HEARTLAND, PASSES_FORM_ALIAS))?.alias).toBe(PASSES_FORM_ALIAS);
  });

  it('saves answers, replacing earlier ones field by field, per user and form', async () => {
    const fan = await insertUser(database.db, HEARTLAND, 'form');
    const other = await insertUser(database.db, HEARTLAND, 'form-other');
    await repo.save(fan.id, 'survey', [
      { name: 'city', value: 'Plovdiv' },
      { name: 'age', value: 30 },
    ]);
    await repo.save(fan.id, 'survey', [
      { name: 'age', value: 31 },
      { name: 'news', value: true },
      { name: 'phone', value: null },
    ]);
    await repo.save(other.id, 'survey', [{ name: 'city', value: 'Varna' }]);
    await repo.save(fan.id, 'other-form', [{ name: 'city', value: 'Ruse' }]);

    const saved = await repo.values(fan.id, 'survey');
    expect(Object.fromEntries(saved)).toEqual({ city: 'Plovdiv', age: 31, news: true, phone: null });
    expect(Object.fromEntries(await repo.values(other.id, 'survey'))).toEqual({ city: 'Varna' });
    expect((await repo.values(fan.id, 'nothing')).size).toBe(0);
  });

  it('saves all the fields or none', async () => {
    const fan = await insertUser(database.db, HEARTLAND, 'form-atomic');
    await repo.save(fan.id, 'survey', [{ name: 'city', value: 'Sofia' }]);
    // PostgreSQL's JSON cannot hold a NUL character: the second field fails after the first was written.
    await expect(
      repo.save(fan.id, 'survey', [
        { name: 'city', value: 'Burgas' },
        { name: 'note', value: 'bad \u0000 text' },
      ]),
    ).rejects.toThrow();
    expect(Object.fromEntries(await repo.values(fan.id, 'survey'))).toEqual({ city: 'Sofia' });
  });
});
