import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEARTLAND, insertUser, SOFIA } from '../../../test/support/rows';
import { dbKinds, openTestDatabase } from '../../../test/support/test-database';
import type { Database } from '../../db/client';
import type { UserRow } from '../auth';
import { events } from '../events/events.table';
import { type ClipRow, type ClipsRepository, createClipsRepository } from './clips.repository';
import { clips } from './clips.table';

const LEASE_MS = 60_000;
const MINUTE = 60_000;

describe.each(dbKinds())('clips repository on %s', (kind) => {
  let database: Database;
  let repo: ClipsRepository;
  let fan: UserRow;
  let games: number[];

  const clip = (values: { eventId?: number; userId?: number; name?: string } = {}) =>
    repo.insert({
      channelId: HEARTLAND,
      userId: values.userId ?? fan.id,
      eventId: values.eventId ?? games[0] ?? -1,
      eventMediaId: null,
      name: values.name ?? 'A clip',
      startTime: 1,
      duration: 5,
      tags: ['goal'],
      source: { kind: 'vod', asset: 'vod/test' },
    });
  /** Sets a clip's state directly, as a cut (or a crash) would have left it. */
  const put = async (id: number, values: Partial<typeof clips.$inferInsert>) => {
    await database.db.update(clips).set(values).where(eq(clips.id, id));
  };
  const get = async (id: number): Promise<ClipRow> => {
    const [row] = await database.db.select().from(clips).where(eq(clips.id, id));
    if (!row) throw new Error(`clip ${id} missing`);
    return row;
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    repo = createClipsRepository({ db: database.db });
    fan = await insertUser(database.db, HEARTLAND, 'clipper');
    const rows = await database.db
      .select({ id: events.id })
      .from(events)
      .where(eq(events.channelId, HEARTLAND))
      .orderBy(asc(events.id))
      .limit(6);
    games = rows.map((r) => r.id);
  });
  afterAll(() => database.close());

  it('claims a queued clip once; a running cut is taken again only after its lease has expired', async () => {
    const row = await clip();
    expect(row.status).toBe('queued');
    const claimed = await repo.claim(row.id, LEASE_MS);
    expect(claimed).toMatchObject({ status: 'processing', attempts: 1, progress: 5 });
    // Another worker asking now finds it being cut.
    expect(await repo.claim(row.id, LEASE_MS)).toBeUndefined();
    // Its worker died: no progress for longer than the lease.
    await put(row.id, { updatedAt: new Date(Date.now() - 2 * LEASE_MS), error: 'stale' });
    const retaken = await repo.claim(row.id, LEASE_MS);
    expect(retaken).toMatchObject({ status: 'processing', attempts: 2, error: null });
    expect(await repo.claim(-1, LEASE_MS)).toBeUndefined();
  });

  it('never claims a clip that is ready or failed, however old', async () => {
    const ready = await clip();
    const failed = await clip();
    const old = new Date(Date.now() - 60 * MINUTE);
    await put(ready.id, { status: 'ready', readyAt: old, updatedAt: old });
    await put(failed.id, { status: 'failed', updatedAt: old });
    expect(await repo.claim(ready.id, LEASE_MS)).toBeUndefined();
    expect(await repo.claim(failed.id, LEASE_MS)).toBeUndefined();
    expect((await get(ready.id)).status).toBe('ready');
    expect((await get(failed.id)).attempts).toBe(0);
  });

  it('ends a clip failed once: only the first call says it ended it, and a ready clip stays ready', async () => {
    const row = await clip();
    await repo.claim(row.id, LEASE_MS);
    expect(await repo.markFailed(row.id, 'ffmpeg exited 1')).toBe(true);
    expect(await repo.markFailed(row.id, 'again')).toBe(false);
    expect(await get(row.id)).toMatchObject({ status: 'failed', error: 'ffmpeg exited 1' });

    const done = await clip();
    await repo.claim(done.id, LEASE_MS);
    await repo.markReady(done.id, 'copy');
    expect(await repo.markFailed(done.id, 'late')).toBe(false);
    expect(await get(done.id)).toMatchObject({ status: 'ready', progress: 100, method: 'copy', error: null });
  });

  it('moves progress and requeues only a clip being cut', async () => {
    const row = await clip();
    await repo.setProgress(row.id, 40);
    expect((await get(row.id)).progress).toBe(0);
    await repo.claim(row.id, LEASE_MS);
    await repo.setProgress(row.id, 40);
    expect((await get(row.id)).progress).toBe(40);
    await repo.requeue(row.id);
    expect(await get(row.id)).toMatchObject({ status: 'queued', progress: 0 });

    const failed = await clip();
    await put(failed.id, { status: 'failed' });
    await repo.requeue(failed.id);
    expect((await get(failed.id)).status).toBe('failed');
  });

  it('lists unfinished clips in every channel, and as lost only those silent for longer than the lease', async () => {
    const fresh = await clip();
    const stuck = await clip();
    const finished = await clip();
    await repo.claim(stuck.id, LEASE_MS);
    await put(stuck.id, { updatedAt: new Date(Date.now() - 2 * LEASE_MS) });
    await put(finished.id, { status: 'ready', readyAt: new Date(), updatedAt: new Date(Date.now() - 2 * LEASE_MS) });
    const sofiaFan = await insertUser(database.db, SOFIA, 'sofia-clipper');
    const [sofiaGame] = await database.db
      .select({ id: events.id })
      .from(events)
      .where(eq(events.channelId, SOFIA))
      .limit(1);
    const elsewhere = await repo.insert({
      channelId: SOFIA,
      userId: sofiaFan.id,
      eventId: sofiaGame?.id ?? -1,
      eventMediaId: null,
      name: 'Sofia',
      startTime: 0,
      duration: 3,
      tags: [],
      source: { kind: 'vod', asset: 'vod/sofia' },
    });

    const unfinished = await repo.unfinishedIds();
    expect(unfinished).toEqual(expect.arrayContaining([fresh.id, stuck.id, elsewhere.id]));
    expect(unfinished).not.toContain(finished.id);
    expect(unfinished).toEqual([...unfinished].sort((a, b) => a - b));
    const lost = await repo.lostIds(LEASE_MS);
    expect(lost).toContain(stuck.id);
    expect(lost).not.toContain(fresh.id);
    expect(lost).not.toContain(finished.id);
  });

  it('shows a game’s ready clips to everyone and unfinished ones only to their maker, in one channel', async () => {
    const game = games[1] ?? -1;
    const other = await insertUser(database.db, HEARTLAND, 'other-clipper');
    const mine = await clip({ eventId: game, name: 'mine, queued' });
    const theirs = await clip({ eventId: game, userId: other.id, name: 'theirs, queued' });
    const shared = await clip({ eventId: game, userId: other.id, name: 'theirs, ready' });
    await put(shared.id, { status: 'ready', readyAt: new Date() });
    const page = { offset: 0, limit: 10 };

    const guest = await repo.ofEvent(HEARTLAND, game, null, page);
    expect(guest.rows.map((r) => r.id)).toEqual([shared.id]);
    expect(guest.total).toBe(1);
    const asMe = await repo.ofEvent(HEARTLAND, game, fan.id, page);
    expect(asMe.rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([mine.id, shared.id]);
    expect(asMe.rows.map((r) => r.id)).not.toContain(theirs.id);
    expect((await repo.ofEvent(SOFIA, game, fan.id, page)).total).toBe(0);

    expect(await repo.byId(SOFIA, shared.id)).toBeUndefined();
    expect((await repo.byUuid(HEARTLAND, shared.uuid))?.id).toBe(shared.id);
    expect(await repo.byUuid(SOFIA, shared.uuid)).toBeUndefined();
    expect((await repo.readyByUuid(shared.uuid))?.id).toBe(shared.id);
    expect(await repo.readyByUuid(mine.uuid)).toBeUndefined();
  });

  it('pages the moments feed and the clipped games by when their clips became ready, newest first', async () => {
    const maker = await insertUser(database.db, HEARTLAND, 'feed');
    const [g2, g3, g4] = [games[2] ?? -1, games[3] ?? -1, games[4] ?? -1];
    const at = (minutesAgo: number) => new Date(Date.UTC(2031, 0, 1) - minutesAgo * MINUTE);
    const plan: [number, number][] = [
      [g2, 50],
      [g3, 40],
      [g2, 30],
      [g4, 20],
      [g3, 10],
    ];
    const made: number[] = [];
    for (const [eventId, minutesAgo] of plan) {
      const row = await clip({ eventId, userId: maker.id });
      await put(row.id, { status: 'ready', readyAt: at(minutesAgo) });
      made.push(row.id);
    }
    // The feed is the channel's: these are its newest clips (ready in 2031), the 3rd and 4th of them.
    const feed = await repo.recentReady(HEARTLAND, { offset: 2, limit: 2 });
    expect(feed.rows.map((r) => r.id)).toEqual([made[2], made[1]]);
    expect(await repo.recentReady(SOFIA, { offset: 0, limit: 50 })).toMatchObject({ total: 0 });

    const clipped = await repo.eventIdsWithClips(HEARTLAND, { offset: 0, limit: 3 });
    expect(clipped.ids).toEqual([g3, g4, g2]);
    const ready = await database.db
      .select({ eventId: clips.eventId })
      .from(clips)
      .where(and(eq(clips.channelId, HEARTLAND), eq(clips.status, 'ready')));
    expect(clipped.total).toBe(new Set(ready.map((r) => r.eventId)).size);

    const mine = await repo.ofUser(HEARTLAND, maker.id, { offset: 0, limit: 2 });
    expect(mine.total).toBe(5);
    expect(mine.rows).toHaveLength(2);
  });

  it('requeues every cut left processing, and remove deletes the clip', async () => {
    const a = await clip();
    const b = await clip();
    await repo.claim(a.id, LEASE_MS);
    await put(b.id, { status: 'ready', readyAt: new Date() });
    await repo.requeueAllProcessing();
    const rows = await database.db
      .select()
      .from(clips)
      .where(inArray(clips.id, [a.id, b.id]))
      .orderBy(clips.id);
    expect(rows.map((r) => r.status)).toEqual(['queued', 'ready']);
    expect((await database.db.select().from(clips).where(eq(clips.status, 'processing'))).length).toBe(0);
    await repo.remove(a.id);
    expect(await repo.byId(HEARTLAND, a.id)).toBeUndefined();
  });
});
