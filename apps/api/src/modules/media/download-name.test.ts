import { tmpdir } from 'node:os';
import path from 'node:path';
import { downloadSchema } from '@sideline/contract/media';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, createTestApp, demoFanKey, type TestApp } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import { packageTestGames } from '../../../test/support/test-media';
import { events } from '../events/events.table';
import { attachmentDisposition, downloadFileName } from './download-name';

describe('a download’s file name', () => {
  it('is the game’s name, without what a file system refuses', () => {
    expect(downloadFileName('Pioneers @ Hawks')).toBe('Pioneers @ Hawks.mp4');
    expect(downloadFileName('A/B: "final"?')).toBe('AB final.mp4');
    expect(downloadFileName('???')).toBe('game.mp4');
  });

  it('keeps a Bulgarian name in the header, with an ASCII fallback', () => {
    expect(attachmentDisposition('Левски @ ЦСКА.mp4')).toBe(
      `attachment; filename="______ @ ____.mp4"; filename*=UTF-8''${encodeURIComponent('Левски @ ЦСКА.mp4')}`,
    );
    // What a link's query could carry is cleaned the same way: no quote or line break reaches the header.
    expect(attachmentDisposition('x"\r\nSet-Cookie: a=b')).toBe(
      `attachment; filename="xSet-Cookie ab.mp4"; filename*=UTF-8''${encodeURIComponent('xSet-Cookie ab.mp4')}`,
    );
  });
});

describe.each(dbKinds())('a downloaded game on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      LIVE_SIMULATOR: 'false',
      // Packaged once, reused by the next database's suite and later runs (cached by content).
      DEMO_MEDIA_CACHE_DIR: path.join(tmpdir(), 'sideline-media-cache'),
    });
    await packageTestGames(t, { caption: 'Test', durationS: 4, mp4: true });
  }, 180_000);
  afterAll(() => t.close());

  it('is saved under the game’s name, not game.mp4', async () => {
    const [event] = await t.database.db
      .select()
      .from(events)
      .where(and(eq(events.channelId, 1), eq(events.accessType, 'free'), eq(events.streamStatus, 'finished')))
      .limit(1);
    if (!event) throw new Error('no finished free game');
    // The premium fan's annual plan includes downloads.
    const key = await demoFanKey(t.app, 'premium@sideline.test');
    const res = await caller(t.app)({ url: `/api/download-event/${event.id}`, key });
    expect(res.statusCode).toBe(200);
    const download = downloadSchema.parse(res.json().data);
    expect(download.filename).toBe(downloadFileName(event.name));
    const file = await t.app.inject(download.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(attachmentDisposition(event.name));
    expect(file.headers['content-disposition']).toContain(encodeURIComponent(download.filename));
    expect(file.headers['content-disposition']).not.toContain('game.mp4');
  });
});
