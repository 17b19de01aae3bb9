import type { ChildProcess } from 'node:child_process';
import { ingestHealthSchema } from '@sideline/contract/ingest';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/support/free-port';
import { publish, until } from '../../../test/support/rtmp-publisher';
import { createTestApp, demoFanKey, type TestApp } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import { channels } from '../channel/channel.table';
import { events } from '../events/events.table';
import { mediaAssets } from '../media/media.table';
import { auditLog } from './audit.table';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A live game from the console: its encoder's health while it publishes, and "end the game now". The ingest's own
 * behaviour (keys, ladder, grace, replay) is proven on both databases by the ingest suites; this one runs the
 * console's side of it on the first database of the run.
 */
describe.each(dbKinds().slice(0, 1))('a live game from the console on %s', (kind) => {
  let t: TestApp;
  let port: number;
  let channelId: number;
  let owner: string;
  let analyst: string;
  const publishers: ChildProcess[] = [];
  const consoleCall = (method: 'GET' | 'POST', path: string, key: string) =>
    t.app.inject({
      method,
      url: `/api/console${path}${method === 'GET' ? `?api_key=${key}` : ''}`,
      headers: { host: 'localhost' },
      ...(method === 'POST' ? { payload: { api_key: key } } : {}),
    });
  const statusOf = async (id: number) =>
    (await t.database.db.select().from(events).where(eq(events.id, id)))[0]?.streamStatus;

  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp(kind, {
      INGEST_ENABLED: 'true',
      RTMP_PORT: String(port),
      // Long enough that only the console's end can finish the game within the test.
      LIVE_GRACE_S: '120',
      LIVE_SIMULATOR: 'false',
      INGEST_HEALTH_SAMPLE_S: '1',
    });
    const [row] = await t.database.db.select().from(channels).where(eq(channels.slug, 'heartland'));
    channelId = row?.id ?? 0;
    owner = await demoFanKey(t.app, 'owner@heartland.example');
    analyst = await demoFanKey(t.app, 'analyst@heartland.example');
    await until('the RTMP port', async () => t.services.ingest.rtmpPort() === port);
  }, 120_000);
  afterAll(async () => {
    for (const child of publishers) child.kill('SIGKILL');
    await t?.close();
  });

  it('lets go of an encoder still publishing with a key the owner replaced; the new key continues the game', async () => {
    const [, game] = await t.database.db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.channelId, channelId), eq(events.streamStatus, 'upcoming'), eq(events.accessType, 'free')))
      .limit(2);
    if (!game) throw new Error('no upcoming game');
    const old = (await t.services.streamKeys.read(channelId, game.id)).key;
    const leaked = publish(`rtmp://127.0.0.1:${port}/live/${old}`);
    publishers.push(leaked.child);
    await until('the game live', async () => (await statusOf(game.id)) === 'live');
    await until('its transcoder', async () => t.services.ingest.service.connected(game.id));

    const rotated = await consoleCall('POST', `/events/${game.id}/stream-key/rotate`, owner);
    expect(rotated.statusCode).toBe(200);
    // Dropped at once (the grace period is 120 s): the old key publishes no more, even mid-stream.
    expect(await Promise.race([leaked.exited.then(() => true), sleep(15_000).then(() => false)])).toBe(true);
    expect(await statusOf(game.id)).toBe('live');
    const fresh = publish(`rtmp://127.0.0.1:${port}/live/${rotated.json().data.key}`);
    publishers.push(fresh.child);
    await until('the new key publishing', async () => t.services.ingest.service.connected(game.id));
    expect(fresh.child.exitCode).toBeNull();
    expect(await statusOf(game.id)).toBe('live');
  }, 90_000);

  it('shows the encoder’s health to the analyst; the owner ends the game: replay ready, the encoder let go and refused', async () => {
    const [game] = await t.database.db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.channelId, channelId), eq(events.streamStatus, 'upcoming'), eq(events.accessType, 'free')))
      .limit(1);
    if (!game) throw new Error('no upcoming game');
    const key = (await t.services.streamKeys.read(channelId, game.id)).key;
    const encoder = publish(`rtmp://127.0.0.1:${port}/live/${key}`);
    publishers.push(encoder.child);
    await until('the game live', async () => (await statusOf(game.id)) === 'live');

    // The first samples may come before the transcoder is up (a loaded machine): wait for one with both.
    const health = await until('a sample with the source and the transcoder', async () => {
      const res = await consoleCall('GET', `/events/${game.id}/ingest-health`, analyst);
      const body = ingestHealthSchema.parse(res.json().data);
      return body.connected && body.latest?.source.height && body.latest.transcoder.running ? body : undefined;
    });
    expect(health.latest?.source).toMatchObject({ height: 480 });
    expect(health.latest?.transcoder.running).toBe(true);

    // The analyst may look, not end it.
    expect((await consoleCall('POST', `/events/${game.id}/end`, analyst)).statusCode).toBe(403);
    const ended = await consoleCall('POST', `/events/${game.id}/end`, owner);
    expect(ended.statusCode).toBe(200);
    expect(ended.json().data).toMatchObject({ id: game.id, status: 'finished' });
    expect(await statusOf(game.id)).toBe('finished');
    // Its encoder is let go at once (well within the 120 s grace), and the replay is there.
    expect(await Promise.race([encoder.exited.then(() => true), sleep(15_000).then(() => false)])).toBe(true);
    const [asset] = await t.database.db
      .select()
      .from(mediaAssets)
      .where(eq(mediaAssets.key, `vod/heartland-e${game.id}`));
    expect(asset?.status).toBe('ready');

    // The encoder comes back: the game is over, its publish refused.
    const back = publish(`rtmp://127.0.0.1:${port}/live/${key}`);
    publishers.push(back.child);
    const refused = await Promise.race([back.exited.then((code) => code !== 0), sleep(20_000).then(() => false)]);
    expect(refused).toBe(true);
    expect(await statusOf(game.id)).toBe('finished');

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'game.end'), eq(auditLog.entityId, String(game.id))));
    expect(entry?.after).toMatchObject({ status: 'finished', ended_by: 'its encoder stream ended' });
    // A game that is not live cannot be ended.
    const again = await consoleCall('POST', `/events/${game.id}/end`, owner);
    expect(again.statusCode).toBe(409);
  }, 90_000);
});
