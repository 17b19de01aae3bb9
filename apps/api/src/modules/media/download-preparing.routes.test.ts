import { rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { errorBodySchema } from '@sideline/contract/errors';
import { downloadSchema } from '@sideline/contract/media';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantPass } from '../../../test/support/commerce';
import { caller, createTestApp, demoFanKey, type Inject, type TestApp } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import { packageTestGames } from '../../../test/support/test-media';
import { users } from '../auth/users.table';
import { events } from '../events/events.table';
import { createMediaTokens } from './media-token';

const SECRET = 'test-media-secret-0123456789-abcdefghij';

/** A finished game's MP4 comes after its replay (a remux job), or is lost with a crash: the download waits for it. */
describe.each(dbKinds())('a download whose MP4 is not there yet on %s', (kind) => {
  let t: TestApp;
  let call: Inject;
  let fan: string;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      MEDIA_TOKEN_SECRET: SECRET,
      LIVE_SIMULATOR: 'false',
      DEMO_MEDIA_CACHE_DIR: path.join(tmpdir(), 'sideline-media-cache'),
    });
    call = caller(t.app);
    fan = await demoFanKey(t.app);
    await packageTestGames(t, { caption: 'Test', durationS: 4, mp4: true });
    // Downloads come with the demo's download add-on.
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'fan@heartland.example'));
    await grantPass(t.database.db, row?.id ?? 0, 'Replay & Download Add-on');
  }, 180_000);
  afterAll(() => t.close());

  it('says try again and counts nothing; the call asks for the MP4, remuxed from the replay, then the download works', async () => {
    const [event] = await t.database.db
      .select()
      .from(events)
      .where(and(eq(events.channelId, 1), eq(events.accessType, 'free'), eq(events.streamStatus, 'finished')))
      .limit(1);
    if (!event) throw new Error('no free finished game');
    const first = downloadSchema.parse((await call({ url: `/api/download-event/${event.id}`, key: fan })).json().data);
    const asset = createMediaTokens(SECRET).verify(first.url.split('/')[4] as string)?.asset as string;
    const mp4 = t.services.media.paths.mp4File(asset);
    // What a replay is between its end and its MP4 (or after a crash took the MP4 away).
    await rename(mp4, `${mp4}.away`);
    const early = await call({ url: `/api/download-event/${event.id}`, key: fan });
    expect(early.statusCode).toBe(503);
    expect(errorBodySchema.parse(early.json()).error.code).toBe('media_unavailable');
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'fan@heartland.example'));
    expect(row?.downloadsCount).toBe(1);
    await expect
      .poll(
        () =>
          stat(mp4).then(
            (s) => s.size > 0,
            () => false,
          ),
        { timeout: 20_000 },
      )
      .toBe(true);
    const later = downloadSchema.parse((await call({ url: `/api/download-event/${event.id}`, key: fan })).json().data);
    const head = await t.app.inject({ url: later.url, headers: { range: 'bytes=0-99' } });
    expect(head.statusCode).toBe(206);
    expect(head.rawPayload.subarray(4, 8).toString()).toBe('ftyp');
    await rm(`${mp4}.away`, { force: true });
  });
});
