import type { ChildProcess } from 'node:child_process';
import { errorBodySchema } from '@sideline/contract/errors';
import { type IngestHealth, ingestHealthSchema } from '@sideline/contract/ingest';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/support/free-port';
import { publish, until } from '../../../test/support/rtmp-publisher';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import { channels } from '../channel/channel.table';
import { events } from '../events/events.table';

const TOKEN = 'operator-token-for-the-ingest-health-tests';

describe.each(dbKinds())('ingest health on %s', (kind) => {
  let t: TestApp;
  let port: number;
  let channelId: number;
  const publishers: ChildProcess[] = [];

  const call = (id: number | string, { host = 'localhost', token = TOKEN as string | null, query = '' } = {}) =>
    t.app.inject({
      url: `/api/operator/events/${id}/ingest-health${query}`,
      headers: { host, ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
    });
  const healthOf = async (id: number, query = ''): Promise<IngestHealth> => {
    const res = await call(id, { query });
    expect(res.statusCode).toBe(200);
    return ingestHealthSchema.parse(res.json().data);
  };
  const errorOf = (res: { json(): unknown }) => errorBodySchema.parse(res.json()).error;
  const upcoming = async () => {
    const [row] = await t.database.db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.channelId, channelId), eq(events.streamStatus, 'upcoming')))
      .limit(1);
    if (!row) throw new Error('no upcoming game');
    return row.id;
  };
  const statusOf = async (id: number) =>
    (await t.database.db.select().from(events).where(eq(events.id, id)))[0]?.streamStatus;

  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp(kind, {
      INGEST_ENABLED: 'true',
      RTMP_PORT: String(port),
      LIVE_GRACE_S: '2',
      LIVE_SIMULATOR: 'false',
      OPERATOR_TOKEN: TOKEN,
      INGEST_HEALTH_SAMPLE_S: '1',
    });
    const [row] = await t.database.db.select().from(channels).where(eq(channels.slug, 'heartland'));
    channelId = row?.id ?? 0;
    await until('the RTMP port', async () => t.services.ingest.rtmpPort() === port);
  }, 120_000);
  afterAll(async () => {
    for (const child of publishers) child.kill('SIGKILL');
    await t?.close();
  });

  it("samples a publishing encoder's input and the transcoder's progress; after it stops, connected is false and the samples stay", async () => {
    const id = await upcoming();
    expect(await healthOf(id)).toMatchObject({ connected: false, latest: null, samples: [], sample_period_s: 1 });
    const key = (await t.services.streamKeys.read(channelId, id)).key;
    const encoder = publish(`rtmp://127.0.0.1:${port}/live/${key}`, { size: '640x360', videoKbps: 800 });
    publishers.push(encoder.child);

    // A few periods of a running transcoder: three samples in a row with its progress.
    const health = await until(
      'three samples with the transcoder running',
      async () => {
        const h = await healthOf(id);
        const running = h.samples.filter((s) => s.transcoder.running && s.transcoder.speed !== null);
        return running.length >= 3 && h;
      },
      20_000,
    );
    expect(health.connected).toBe(true);
    const latest = health.latest;
    if (!latest) throw new Error('no latest sample');
    expect(latest.connected).toBe(true);
    expect(latest.source).toMatchObject({ width: 640, height: 360, video_codec: 'h264', audio_codec: 'aac' });
    expect(latest.source.fps).toBeGreaterThanOrEqual(27);
    expect(latest.source.fps).toBeLessThanOrEqual(33);
    expect(latest.source.bitrate_kbps).toBeGreaterThan(300);
    expect(latest.source.bitrate_kbps).toBeLessThan(3000);
    expect(latest.transcoder.speed).toBeGreaterThan(0.5);
    expect(latest.transcoder.stalled).toBe(false);
    // A 360p H.264 + AAC source: itself, passed through, and nothing under it.
    expect(latest.renditions).toEqual([{ name: '360p', height: 360, passthrough: true }]);
    expect(JSON.stringify(health)).not.toContain(key);
    const metrics = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(metrics.body).toMatch(/^sideline_ingest_publishers 1$/m);
    // Counted by the unit tests (ingest-health.unit.test.ts); here only present: a loaded machine may start ffmpeg
    // later than 3 periods of 1 s.
    expect(metrics.body).toMatch(/^sideline_ingest_transcoder_stalls_total \d+$/m);
    expect(metrics.body).toMatch(/^sideline_ingest_transcoder_slow_total \d+$/m);

    // The encoder stops: not connected; after the grace period the game ends and its samples stay.
    encoder.child.kill('SIGINT');
    await encoder.exited;
    await until('not connected', async () => !(await healthOf(id)).connected, 5000);
    await until('the game finished', async () => (await statusOf(id)) === 'finished', 15_000);
    const after = await healthOf(id);
    expect(after.connected).toBe(false);
    expect(after.latest?.connected).toBe(false);
    expect(after.samples.length).toBeGreaterThanOrEqual(health.samples.length + 1);
    expect(after.totals.samples).toBe(after.samples.length);
    expect(after.samples.filter((s) => s.connected).length).toBeGreaterThanOrEqual(3);
    const metricsAfter = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(metricsAfter.body).toMatch(/^sideline_ingest_publishers 0$/m);

    // `since` pages: only the samples after it, as an ISO time or Unix milliseconds.
    const middle = after.samples[Math.floor(after.samples.length / 2)];
    if (!middle) throw new Error('no samples');
    for (const since of [middle.sampled_at, String(Date.parse(middle.sampled_at))]) {
      const page = await healthOf(id, `?since=${encodeURIComponent(since)}`);
      expect(page.samples.length).toBeGreaterThan(0);
      expect(page.samples.length).toBeLessThan(after.samples.length);
      expect(page.samples.every((s) => s.sampled_at > middle.sampled_at)).toBe(true);
      expect(page.next_since).toBeNull();
    }
  }, 30_000);

  it('answers only with the operator token, for a game of the host’s channel; bad ids and `since` are 400s', async () => {
    const [sofia] = await t.database.db
      .select({ id: events.id })
      .from(events)
      .innerJoin(channels, eq(channels.id, events.channelId))
      .where(eq(channels.slug, 'sofia'))
      .limit(1);
    if (!sofia) throw new Error('no game on sofia');
    const id = await upcoming();
    for (const token of [null, 'wrong', `${TOKEN}x`, '']) {
      const res = await call(id, { token });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('operator_token_required');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect((await call(999_999, { token: null })).statusCode).toBe(403);
    const ok = await call(id);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    // Another channel's game is not found from this channel's host, and is found from its own.
    const other = await call(sofia.id);
    expect(other.statusCode).toBe(404);
    expect(errorOf(other).code).toBe('event_not_found');
    expect((await call(sofia.id, { host: 'sofia.localhost' })).statusCode).toBe(200);
    expect((await call(999_999)).statusCode).toBe(404);
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999999999999', '%00']) {
      const res = await call(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(errorOf(res).status).toBe(400);
    }
    for (const query of ['?since=yesterday', '?since=2026-13-01T00:00:00Z', '?since=-5', '?other=1']) {
      expect((await call(id, { query })).statusCode, query).toBe(400);
    }
  }, 30_000);
});
