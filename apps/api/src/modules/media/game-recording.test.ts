import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { playbackSchema } from '@sideline/contract/media';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEARTLAND } from '../../../test/support/rows';
import { caller, createTestApp, guestKey, type Inject, type TestApp } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import { packageTestGames } from '../../../test/support/test-media';
import type { Job } from '../../jobs/job-types';
import { demoChannels } from '../../seed/demo-channels';
import { ensureDemoMedia } from '../../seed/demo-media';
import { participants } from '../catalog/catalog.table';
import { events } from '../events/events.table';
import { vodArgs } from './ffmpeg/demo-game';
import { mediaAssets } from './media.table';
import { mediaPaths } from './media-paths';
import { createMediaTokens } from './media-token';

const SECRET = 'test-media-secret-0123456789-abcdefghij';

describe('the labels a generated game burns in', () => {
  it('are the game’s own teams, away and home, as ffmpeg reads them from its label files', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sideline-labels-'));
    const args = vodArgs({ away: 'Lakers', home: 'Owls', caption: 'Football', durationS: 4, seed: 3 }, dir, dir);
    expect(await readFile(path.join(dir, 'away.txt'), 'utf8')).toBe('LAKERS');
    expect(await readFile(path.join(dir, 'home.txt'), 'utf8')).toBe('OWLS');
    const graph = args[args.indexOf('-filter_complex') + 1] ?? '';
    expect(graph).toContain(`textfile=${path.join(dir, 'away.txt')}`);
    expect(graph).toContain(`textfile=${path.join(dir, 'home.txt')}`);
  });
});

describe.each(dbKinds())('a finished game’s own recording on %s', (kind) => {
  let t: TestApp;
  let call: Inject;
  let guest: string;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      MEDIA_TOKEN_SECRET: SECRET,
      LIVE_SIMULATOR: 'false',
      GAME_RECORDINGS: 'true',
      DEMO_MEDIA_CACHE_DIR: path.join(tmpdir(), 'sideline-media-cache'),
    });
    call = caller(t.app);
    guest = await guestKey(t.app);
    await packageTestGames(t, { caption: 'Test', durationS: 4, mp4: true });
  }, 180_000);
  afterAll(() => t.close());

  const assetOf = async (eventId: number) => {
    const res = await call({ url: `/api/events/${eventId}/playback`, key: guest });
    expect(res.statusCode).toBe(200);
    const token = playbackSchema.parse(res.json().data).url.split('/')[4] as string;
    return createMediaTokens(SECRET).verify(token)?.asset;
  };

  it('plays the neutral stand-in first, then its own package drawn with its own teams, also for downloads', async () => {
    const [event] = await t.database.db
      .select()
      .from(events)
      .where(
        and(
          eq(events.channelId, HEARTLAND),
          eq(events.accessType, 'free'),
          eq(events.streamStatus, 'finished'),
          isNotNull(events.homeTeamId),
          isNotNull(events.awayTeamId),
        ),
      )
      .orderBy(asc(events.id))
      .limit(1);
    if (!event?.homeTeamId || !event.awayTeamId) throw new Error('no finished game');
    const team = async (id: number) =>
      (await t.database.db.select().from(participants).where(eq(participants.id, id)))[0]?.shortName;
    const own = `vod/heartland-e${event.id}`;

    // Asked twice at once: both get the stand-in, and the game's package is queued once.
    const first = await Promise.all([assetOf(event.id), assetOf(event.id)]);
    expect(first[0]).toMatch(/^vod\/heartland-\d+$/);
    expect(first[1]).toBe(first[0]);
    await t.services.jobs.drain();

    const [row] = await t.database.db.select().from(mediaAssets).where(eq(mediaAssets.key, own));
    expect(row).toMatchObject({
      status: 'ready',
      kind: 'vod',
      durationS: 4,
      title: `${await team(event.awayTeamId)} @ ${await team(event.homeTeamId)}`,
    });
    expect(await assetOf(event.id)).toBe(own);
    const res = await call({ url: `/api/events/${event.id}/playback`, key: guest });
    const master = await t.app.inject(playbackSchema.parse(res.json().data).url);
    expect(master.statusCode).toBe(200);
    expect(master.body).toContain('#EXTM3U');
    // Downloads of the game take the same package: its MP4 is made with it.
    expect((await stat(t.services.media.paths.mp4File(own))).size).toBeGreaterThan(1000);
  }, 120_000);

  it('claims a package once, and again only when it was left pending by an earlier process', async () => {
    const repo = t.services.media.repo;
    const before = new Date();
    expect(await repo.claimPackaging('vod/heartland-e999999', 'A @ B', before)).toBe(true);
    expect(await repo.claimPackaging('vod/heartland-e999999', 'A @ B', before)).toBe(false);
    expect(await repo.claimPackaging('vod/heartland-e999999', 'A @ B', new Date(Date.now() + 60_000))).toBe(true);
    await repo.setStatus('vod/heartland-e999999', 'ready');
    expect(await repo.claimPackaging('vod/heartland-e999999', 'A @ B', new Date(Date.now() + 60_000))).toBe(false);
  });
  // Last: it marks the stand-ins pending again, as a start with them missing on disk would.
  it('the shared stand-in packages carry no team names', async () => {
    const queued: Job[] = [];
    const jobs = {
      add: async (job: Job) => void queued.push(job),
      start: async () => {},
      drain: async () => {},
      close: async () => {},
    };
    const dir = await mkdtemp(path.join(tmpdir(), 'sideline-stand-ins-'));
    const seeds = demoChannels({ events: 10 });
    await ensureDemoMedia({ seeds, repo: t.services.media.repo, paths: mediaPaths(dir), jobs, gameSeconds: 4 });
    const games = queued.flatMap((j) =>
      j.name === 'media.package' && seeds.some((s) => new RegExp(`^vod/${s.slug}-\\d+$`).test(j.data.key))
        ? [j.data]
        : [],
    );
    expect(games.length).toBe(seeds.reduce((n, s) => n + s.vod.length, 0));
    const teamNames = seeds.flatMap((s) => s.vod.flatMap((v) => [v.away, v.home]));
    for (const game of games) {
      expect({ away: game.game.away, home: game.game.home }, game.key).toEqual({ away: 'Away', home: 'Home' });
      expect(teamNames).not.toContain(game.game.away);
    }
  });
});
