import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newBuyer } from '../../test/support/commerce';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { dbKinds } from '../../test/support/test-database';
import { escapeHtml } from '../lib/html';
import { clips } from '../modules/clips/clips.table';
import { events } from '../modules/events/events.table';

const INDEX =
  '<!doctype html><html lang="en"><head><title>Sideline</title><!--sideline-boot--></head><body><div id="root"></div></body></html>';

describe.each(dbKinds())('a shared clip link previews in chat apps on %s', (kind) => {
  let t: TestApp;
  let dist: string;
  let clip: { id: number; uuid: string };
  let eventName: string;
  let maker: { userId: number; eventId: number };

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'sideline-web-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), INDEX);
    t = await createTestApp(kind, { WEB_DIST_DIR: dist });
    const fan = await newBuyer(t, 'sharer');
    const [game] = await t.database.db
      .select()
      .from(events)
      .where(and(eq(events.channelId, 1), eq(events.streamStatus, 'finished')))
      .limit(1);
    if (!game) throw new Error('no game');
    eventName = game.name;
    maker = { userId: fan.userId, eventId: game.id };
    const [row] = await t.database.db
      .insert(clips)
      .values({
        channelId: 1,
        userId: fan.userId,
        eventId: game.id,
        name: 'Buzzer <beater> & "the" shot',
        startTime: 10,
        duration: 12,
        tags: ['highlight'],
        source: { kind: 'vod', asset: 'vod/heartland-1' },
        status: 'ready',
        readyAt: new Date(),
      })
      .returning();
    if (!row) throw new Error('no clip');
    clip = row;
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  const page = (url: string, host = 'localhost') => t.app.inject({ method: 'GET', url, headers: { host } });

  it('writes Open Graph and Twitter tags with absolute thumbnail and video addresses, escaped', async () => {
    const res = await page(`/share/${clip.id}/${clip.uuid}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain(
      '<title>Buzzer &lt;beater&gt; &amp; &quot;the&quot; shot · Heartland Conference Network</title>',
    );
    expect(html).toContain('<meta property="og:type" content="video.other">');
    const description = /<meta property="og:description" content="([^"]*)">/.exec(html)?.[1];
    expect(description).toMatch(/ — 12 s$/);
    expect(description?.length).toBeGreaterThan(eventName.length);
    expect(html).toContain(`<meta property="og:image" content="http://localhost/media/clips/${clip.uuid}/thumb.jpg">`);
    expect(html).toContain(`<meta property="og:video" content="http://localhost/media/clips/${clip.uuid}/clip.mp4">`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).not.toContain('<beater>');
  });

  it("names addresses on the channel's own host, whatever Host the request made up", async () => {
    const html = (await page(`/share/${clip.id}/${clip.uuid}`, 'localhost:1@evil.example')).body;
    expect(html).toContain(`<meta property="og:image" content="http://localhost/media/clips/${clip.uuid}/thumb.jpg">`);
    expect(html).not.toContain('evil.example');
  });

  it('adds nothing for a deleted clip, another channel, or another page', async () => {
    for (const res of [
      await page(`/share/${clip.id}/00000000-0000-4000-8000-000000000000`),
      await page(`/share/${clip.id}/${clip.uuid}`, 'sofia.localhost'),
      await page('/watch/1'),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('og:video');
    }
  });

  // String.replace reads `$&`, `` $` `` and `$'` in a replacement string as patterns: a name holding them once
  // copied the page into itself (three boot blocks, a broken preview).
  it.each(['Dunk $& more', 'Block $` back', "Steal $' away", "All $$ $& $` $' $1 $<x>"])(
    'keeps the page whole for a clip named %j: one boot block, the name escaped intact',
    async (name) => {
      const [row] = await t.database.db
        .insert(clips)
        .values({
          channelId: 1,
          userId: maker.userId,
          eventId: maker.eventId,
          name,
          startTime: 0,
          duration: 4,
          tags: [],
          source: { kind: 'vod', asset: 'vod/heartland-1' },
          status: 'ready',
          readyAt: new Date(),
        })
        .returning();
      if (!row) throw new Error('no clip');
      const html = (await page(`/share/${row.id}/${row.uuid}`)).body;
      expect(html.match(/<script id="sideline-boot"/g)).toHaveLength(1);
      expect(html.match(/<html/g)).toHaveLength(1);
      expect(html.match(/<\/head>/g)).toHaveLength(1);
      const escaped = escapeHtml(name);
      expect(html).toContain(`<title>${escaped} · Heartland Conference Network</title>`);
      expect(html).toContain(`<meta property="og:title" content="${escaped} · Heartland Conference Network">`);
      const boot = /<script id="sideline-boot" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1] ?? '';
      expect(JSON.parse(boot)).toBeTypeOf('object');
    },
  );
});
