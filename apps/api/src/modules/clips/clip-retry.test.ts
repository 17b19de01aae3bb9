import { chmod, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantPass, newBuyer } from '../../../test/support/commerce';
import { caller, createTestApp, type TestApp } from '../../../test/support/test-app';
import { packageTestGames } from '../../../test/support/test-media';
import { users } from '../auth/users.table';
import { events } from '../events/events.table';
import { ffmpegPath } from '../media';
import { clips } from './clips.table';

/**
 * An ffmpeg that fails the clip's joining step `failures` times (a crash, a full disk for a moment), then works:
 * packaging and the other steps run the real one.
 */
async function flakyFfmpeg(failures: number): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sideline-flaky-ffmpeg-'));
  const script = path.join(dir, 'ffmpeg');
  await writeFile(
    script,
    `#!/bin/sh
case "$*" in
  *"-f concat"*)
    n=$(cat "${dir}/count" 2>/dev/null || echo 0)
    echo $((n + 1)) > "${dir}/count"
    if [ "$n" -lt ${failures} ]; then echo "simulated failure" >&2; exit 1; fi ;;
esac
exec "${ffmpegPath()}" "$@"
`,
  );
  await chmod(script, 0o755);
  return script;
}

describe.each([
  ['a passing failure is retried and the clip ends ready', 1, 'ready'],
  ['a failure on every attempt ends the clip failed, its allowance given back', 5, 'failed'],
] as const)('clip cut retries: %s', (_title, failures, outcome) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('pglite', {
      LIVE_SIMULATOR: 'false',
      DEMO_MEDIA_CACHE_DIR: path.join(tmpdir(), 'sideline-media-cache'),
      FFMPEG_PATH: await flakyFfmpeg(failures),
    });
    await packageTestGames(t, { caption: 'Clip test', durationS: 12, mp4: false });
  }, 180_000);
  afterAll(() => t.close());

  it(`ends ${outcome}`, async () => {
    const fan = await newBuyer(t, 'retry');
    await grantPass(t.database.db, fan.userId, 'Annual Pass');
    const [game] = await t.database.db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.channelId, 1), eq(events.accessType, 'free'), eq(events.streamStatus, 'finished')))
      .limit(1);
    const res = await caller(t.app)({
      method: 'POST',
      url: '/api/clip',
      key: fan.key,
      body: { event_id: game?.id, name: 'Retry', start_time: 1, duration: 4, tags: ['goal'] },
    });
    expect(res.statusCode).toBe(201);
    await t.services.jobs.drain();
    const [row] = await t.database.db.select().from(clips).where(eq(clips.id, res.json().data.id));
    const [user] = await t.database.db.select().from(users).where(eq(users.id, fan.userId));
    if (outcome === 'ready') {
      expect(row).toMatchObject({ status: 'ready', attempts: 2 });
      expect(user?.clipsCount).toBe(1);
    } else {
      expect(row).toMatchObject({ status: 'failed', attempts: 3, error: 'clip creating failed' });
      expect(user?.clipsCount).toBe(0);
    }
  });
});
