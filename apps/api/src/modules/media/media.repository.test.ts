import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEARTLAND, SOFIA } from '../../../test/support/rows';
import { dbKinds, openTestDatabase } from '../../../test/support/test-database';
import type { Database } from '../../db/client';
import { participants } from '../catalog/catalog.table';
import { events } from '../events/events.table';
import { createMediaRepository, type MediaRepository } from './media.repository';

describe.each(dbKinds())('media repository on %s', (kind) => {
  let database: Database;
  let repo: MediaRepository;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    repo = createMediaRepository({ db: database.db });
  });
  afterAll(() => database.close());

  it('registers an asset once: ensuring it again keeps its status and title', async () => {
    const made = await repo.ensure('test/once', 'vod', 'First title');
    expect(made).toMatchObject({ key: 'test/once', kind: 'vod', status: 'pending', title: 'First title', progress: 0 });
    await repo.setStatus('test/once', 'ready', { progress: 100, durationS: 12.5, error: null });
    const again = await repo.ensure('test/once', 'vod', 'Second title');
    expect(again).toMatchObject({ id: made.id, status: 'ready', title: 'First title', progress: 100, durationS: 12.5 });
    await repo.setStatus('test/once', 'failed', { error: 'ffmpeg exited 1' });
    expect(await repo.byKey('test/once')).toMatchObject({ status: 'failed', error: 'ffmpeg exited 1', progress: 100 });
    expect(await repo.byKey('test/none')).toBeUndefined();
  });

  it('finds assets by keys and by prefix, with % and _ in a prefix taken as letters', async () => {
    for (const key of ['pre/a_b/2', 'pre/a_b/1', 'pre/axb/1', 'pre/a%/1', 'pre/a%b/1'])
      await repo.ensure(key, 'vod', key);
    expect((await repo.byPrefix('pre/a_b/')).map((a) => a.key)).toEqual(['pre/a_b/1', 'pre/a_b/2']);
    expect((await repo.byPrefix('pre/a%')).map((a) => a.key)).toEqual(['pre/a%/1', 'pre/a%b/1']);
    expect(await repo.byPrefix('pre/z')).toEqual([]);
    expect((await repo.byKeys(['pre/axb/1', 'pre/missing', 'pre/a_b/1'])).map((a) => a.key).sort()).toEqual([
      'pre/a_b/1',
      'pre/axb/1',
    ]);
    expect(await repo.byKeys([])).toEqual([]);
  });

  it('lists the games live now in every channel, oldest first, with their channel and teams', async () => {
    const live = await database.db
      .select({
        id: events.id,
        homeTeamId: events.homeTeamId,
        awayTeamId: events.awayTeamId,
        channelId: events.channelId,
      })
      .from(events)
      .where(eq(events.streamStatus, 'live'))
      .orderBy(asc(events.id));
    expect(new Set(live.map((e) => e.channelId))).toEqual(new Set([HEARTLAND, SOFIA]));
    expect(await repo.liveEvents()).toEqual(live);
    expect((await repo.liveEventIds()).sort((a, b) => a - b)).toEqual(live.map((e) => e.id));
  });

  it('names a game’s teams by their short names, or Home and Away when unknown', async () => {
    const [a, b] = await database.db
      .select({ id: participants.id, shortName: participants.shortName })
      .from(participants)
      .where(eq(participants.channelId, HEARTLAND))
      .orderBy(asc(participants.id))
      .limit(2);
    if (!a || !b) throw new Error('no teams');
    expect(await repo.teamNames(a.id, b.id)).toEqual({ home: a.shortName, away: b.shortName });
    expect(await repo.teamNames(b.id, b.id)).toEqual({ home: b.shortName, away: b.shortName });
    expect(await repo.teamNames(null, a.id)).toEqual({ home: 'Home', away: a.shortName });
    expect(await repo.teamNames(-1, null)).toEqual({ home: 'Home', away: 'Away' });
  });
});
