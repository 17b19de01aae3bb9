import { mkdir, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { clipSchema } from '@sideline/contract/clips';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantPass, newBuyer } from '../../../test/support/commerce';
import { caller, createTestApp, type TestApp, testConfig } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import { packageTestGames } from '../../../test/support/test-media';
import { buildApp } from '../../app';
import { events } from '../events/events.table';
import { clips } from './clips.table';

const env = { LIVE_SIMULATOR: 'false', DEMO_MEDIA_CACHE_DIR: path.join(tmpdir(), 'sideline-media-cache') };
const sweeping = { ...env, CLIP_SWEEP_MS: '100', CLIP_LEASE_MS: '60000' };

describe.each(dbKinds())('clip cuts survive a restart on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, env);
    await packageTestGames(t, { caption: 'Clip test', durationS: 12, mp4: false });
  }, 180_000);
  afterAll(() => t.close());

  it('finishes, once, the cuts a stopped or crashed process left: asked, queued, and half made', async () => {
    const fan = await newBuyer(t, 'restart');
    await grantPass(t.database.db, fan.userId, 'Annual Pass');
    const [game] = await t.database.db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.channelId, 1), eq(events.accessType, 'free'), eq(events.streamStatus, 'finished')))
      .limit(1);
    if (!game) throw new Error('no game');
    // Asked through the API, then the process stops at once (its cut is ended and handed back, or it finished).
    const res = await caller(t.app)({
      method: 'POST',
      url: '/api/clip',
      key: fan.key,
      body: { event_id: game.id, name: 'Asked', start_time: 1, duration: 5, tags: ['goal'] },
    });
    expect(res.statusCode).toBe(201);
    const asked = clipSchema.parse(res.json().data);
    await t.app.close();
    // What a kill -9 leaves: one acknowledged but never started, one in the middle of its cut with files half made.
    const base = { channelId: 1, userId: fan.userId, eventId: game.id, startTime: 3, duration: 4, tags: ['save'] };
    const source = { kind: 'vod' as const, asset: 'vod/heartland-1' };
    const rows = await t.database.db
      .insert(clips)
      .values([
        { ...base, name: 'Queued', source },
        { ...base, name: 'Half made', source, status: 'processing', attempts: 1, progress: 50 },
      ])
      .returning();
    const halfMade = rows[1];
    if (!halfMade) throw new Error('no row');
    await t.database.db
      .update(clips)
      .set({ updatedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(clips.id, halfMade.id));
    const work = path.join(t.dataDir, 'media', 'work', `clip-${halfMade.id}`);
    await mkdir(work, { recursive: true });
    await writeFile(path.join(work, 'edge_0.ts'), 'half');
    const before = await t.database.db.select().from(clips).where(eq(clips.id, asked.id));
    expect(['queued', 'ready']).toContain(before[0]?.status);

    const { app, services } = await buildApp({
      config: testConfig(t.dataDir, env),
      database: t.database,
      logger: false,
    });
    await app.ready();
    try {
      await services.jobs.drain();
      const ids = [asked.id, ...rows.map((r) => r.id)];
      const after = await t.database.db.select().from(clips).where(inArray(clips.id, ids));
      expect(after.map((r) => r.status)).toEqual(['ready', 'ready', 'ready']);
      expect(after.find((r) => r.id === halfMade.id)?.attempts).toBe(2);
      for (const row of after) {
        expect((await stat(path.join(t.dataDir, 'media', 'clips', row.uuid, 'clip.mp4'))).size).toBeGreaterThan(1000);
      }
      // The half-made work is gone, and a second start finds nothing left to cut.
      await expect(stat(work)).rejects.toThrow();
      await services.jobs.add({ name: 'clip.cut', data: { clipId: halfMade.id } });
      await services.jobs.drain();
      const again = await t.database.db.select().from(clips).where(eq(clips.id, halfMade.id));
      expect(again[0]?.attempts).toBe(2);
    } finally {
      await app.close();
    }
    // The next test's process looks for lost cuts often.
    ({ app: t.app, services: t.services } = await buildApp({
      config: testConfig(t.dataDir, sweeping),
      database: t.database,
      logger: false,
    }));
    await t.app.ready();
  });

  it("takes up, without a restart, a cut whose worker died, and leaves a live worker's cut alone", async () => {
    const fan = await newBuyer(t, 'lost');
    const [game] = await t.database.db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.channelId, 1), eq(events.streamStatus, 'finished')))
      .limit(1);
    if (!game) throw new Error('no game');
    const base = { channelId: 1, userId: fan.userId, eventId: game.id, startTime: 2, duration: 4, tags: ['save'] };
    const source = { kind: 'vod' as const, asset: 'vod/heartland-2' };
    const [lost, busy] = await t.database.db
      .insert(clips)
      .values([
        { ...base, name: 'Worker killed', source, status: 'processing', attempts: 1, progress: 40 },
        { ...base, name: 'Being cut elsewhere', source, status: 'processing', attempts: 1, progress: 40 },
      ])
      .returning();
    if (!lost || !busy) throw new Error('no rows');
    // The killed worker's lease ran out long ago; the other's progress is fresh.
    await t.database.db
      .update(clips)
      .set({ updatedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(clips.id, lost.id));
    const statusOf = async (id: number) =>
      (await t.database.db.select().from(clips).where(eq(clips.id, id)))[0]?.status;
    await expect.poll(() => statusOf(lost.id), { timeout: 20_000 }).toBe('ready');
    const other = (await t.database.db.select().from(clips).where(eq(clips.id, busy.id)))[0];
    expect(other).toMatchObject({ status: 'processing', attempts: 1 });
  });
});
