import { gamesImportResultSchema } from '@sideline/contract/console';
import { errorBodySchema } from '@sideline/contract/errors';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoFanKey, type TestApp } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import { eventCategories, eventLocations, participants } from '../catalog/catalog.table';
import { channels } from '../channel/channel.table';
import { events } from '../events/events.table';
import { auditLog } from './audit.table';

describe.each(dbKinds())('a schedule imported from CSV on %s', (kind) => {
  let t: TestApp;
  let owner: string;
  let analyst: string;
  let heartlandId: number;
  let csv: (rows: string[]) => string;

  const importCsv = (key: string, text: string, dryRun?: boolean) =>
    t.app.inject({
      method: 'POST',
      url: '/api/console/events/import',
      headers: { host: 'localhost' },
      payload: { csv: text, ...(dryRun === undefined ? {} : { dry_run: dryRun }), api_key: key },
    });
  const gameCount = async () =>
    (await t.services.db.select().from(events).where(eq(events.channelId, heartlandId))).length;
  let good: string[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.services.db;
    const [heartland] = await db.select().from(channels).where(eq(channels.slug, 'heartland'));
    heartlandId = heartland?.id ?? 0;
    const [sport] = await db.select().from(eventCategories).where(eq(eventCategories.channelId, heartlandId));
    const teams = await db
      .select()
      .from(participants)
      .where(and(eq(participants.channelId, heartlandId), eq(participants.eventCategoryId, sport?.id ?? 0)));
    const [venue] = await db.select().from(eventLocations).where(eq(eventLocations.channelId, heartlandId));
    const [a, b, c] = teams.map((x) => x.alias);
    csv = (rows) => ['date,time,home,away,sport,venue,access,price,name', ...rows].join('\r\n');
    good = [
      `2027-04-02,18:00,${a},${b},${sport?.alias},${venue?.name},free,,`,
      `2027-04-03,19:30,${b},${c},${sport?.alias},,ppv,9.99,"Rivalry night, live"`,
    ];
    owner = await demoFanKey(t.app, 'owner@heartland.example');
    analyst = await demoFanKey(t.app, 'analyst@heartland.example');
  }, 120_000);
  afterAll(() => t?.close());

  it('previews each row and flags the bad ones by field, writing nothing', async () => {
    const before = await gameCount();
    const text = csv([
      ...good,
      '2027-02-30,18:00,nobody,alsonobody,curling,Moon Arena,ppv,0,',
      `2027-04-05,25:00,${good[0]?.split(',')[2]},${good[0]?.split(',')[2]},${good[0]?.split(',')[4]},,free,5,`,
    ]);
    const res = await importCsv(owner, text);
    expect(res.statusCode).toBe(200);
    const preview = gamesImportResultSchema.parse(res.json().data);
    expect(preview).toMatchObject({ valid: 2, invalid: 2, created: 0 });
    expect(preview.rows.map((r) => [r.line, r.ok])).toEqual([
      [2, true],
      [3, true],
      [4, false],
      [5, false],
    ]);
    expect(preview.rows[1]?.game).toMatchObject({ name: 'Rivalry night, live', price_cents: 999, access_type: 'ppv' });
    const fields = (line: number) =>
      preview.rows
        .find((r) => r.line === line)
        ?.errors.map((e) => e.field)
        .sort();
    expect(fields(4)).toEqual(expect.arrayContaining(['away', 'home', 'sport', 'venue', 'date', 'price']));
    expect(fields(5)).toEqual(expect.arrayContaining(['date', 'away', 'price']));
    expect(await gameCount()).toBe(before);
  });

  it('writes nothing when any row is bad, naming each bad row and field in the common error body', async () => {
    const before = await gameCount();
    const logBefore = (await t.services.db.select().from(auditLog)).length;
    const res = await importCsv(owner, csv([...good, '2027-04-06,18:00,nobody,nobody2,x,,free,,']), false);
    expect(res.statusCode).toBe(400);
    const error = errorBodySchema.parse(res.json()).error;
    expect(error.code).toBe('validation_failed');
    expect(error.details?.map((d) => d.path)).toEqual(expect.arrayContaining(['rows.4.home', 'rows.4.away']));
    expect(await gameCount()).toBe(before);
    expect((await t.services.db.select().from(auditLog)).length).toBe(logBefore);
  });

  it('writes every game of a clean file, each audited; the analyst may not import', async () => {
    expect((await importCsv(analyst, csv(good), false)).statusCode).toBe(403);
    const before = await gameCount();
    const res = await importCsv(owner, csv(good), false);
    expect(res.statusCode).toBe(200);
    expect(gamesImportResultSchema.parse(res.json().data)).toMatchObject({ valid: 2, invalid: 0, created: 2 });
    expect(await gameCount()).toBe(before + 2);
    const [named] = await t.services.db.select().from(events).where(eq(events.name, 'Rivalry night, live'));
    expect(named).toMatchObject({ accessType: 'ppv', basePriceCents: 999, streamStatus: 'upcoming' });
    const imported = await t.services.db.select().from(auditLog).where(eq(auditLog.action, 'game.import'));
    expect(imported).toHaveLength(2);
  });

  it('refuses what is not a schedule: no header, no rows, too many rows, not CSV', async () => {
    const many = csv(Array.from({ length: 1001 }, () => good[0] ?? ''));
    for (const text of ['just words', 'date,time\n', many, 'date,time,home,away,sport,access\n"unclosed,quote']) {
      const res = await importCsv(owner, text);
      expect(res.statusCode, text.slice(0, 40)).toBe(400);
      expect(errorBodySchema.parse(res.json()).error.field).toBe('csv');
    }
  });
});
