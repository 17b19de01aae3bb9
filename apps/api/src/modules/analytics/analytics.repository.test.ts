import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEARTLAND, SOFIA } from '../../../test/support/rows';
import { dbKinds, openTestDatabase } from '../../../test/support/test-database';
import type { Database } from '../../db/client';
import { type AnalyticsRepository, createAnalyticsRepository } from './analytics.repository';
import { analyticsSessions, videoEvents, viewingTime } from './analytics.table';

const SINCE = new Date('2040-01-01T00:00:00Z');
const IN_PERIOD = new Date('2040-01-02T00:00:00Z');
const BEFORE = new Date('2039-12-31T23:59:59Z');

describe.each(dbKinds())('analytics repository on %s', (kind) => {
  let database: Database;
  let repo: AnalyticsRepository;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    repo = createAnalyticsRepository({ db: database.db });
  });
  afterAll(() => database.close());

  it('opens a session once and refreshes its last call and profile when the client calls again', async () => {
    const session = {
      id: `s-${kind}-refresh`,
      channelId: HEARTLAND,
      profile: null,
      deviceType: 'desktop',
      userAgent: 'test',
      resolution: '1920x1080',
      platform: 'web',
    };
    await repo.upsertSession(session);
    const past = new Date(Date.now() - 3_600_000);
    await database.db
      .update(analyticsSessions)
      .set({ startedAt: past, lastSeenAt: past })
      .where(eq(analyticsSessions.id, session.id));
    await repo.upsertSession({ ...session, profile: 'fan-1', deviceType: 'phone' });
    const rows = await database.db.select().from(analyticsSessions).where(eq(analyticsSessions.id, session.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ profile: 'fan-1', deviceType: 'desktop', startedAt: past });
    expect(rows[0]?.lastSeenAt.getTime()).toBeGreaterThan(past.getTime());
  });

  it('reports a channel’s plays, viewers, startup, stalls, errors and watched time since a date', async () => {
    const video = (channelId: number, session: string, name: string, properties = {}, createdAt = IN_PERIOD) =>
      repo.insertVideoEvent({ channelId, session, eventId: 1, name, properties, createdAt });
    await video(SOFIA, 'a', 'play', { startup_ms: 100 });
    await video(SOFIA, 'a', 'play', { startup_ms: 300 });
    await video(SOFIA, 'b', 'play', { startup_ms: 500 });
    await video(SOFIA, 'c', 'play');
    await video(SOFIA, 'a', 'stall', { stall_ms: 200 });
    await video(SOFIA, 'b', 'stall', { stall_ms: 300.5 });
    await video(SOFIA, 'a', 'error');
    await video(SOFIA, 'c', 'error');
    await video(SOFIA, 'a', 'pause');
    // Figures a client sent as text or null are not figures: counted as plays and stalls, left out of the times.
    await video(SOFIA, 'd', 'play', { startup_ms: 'abc' });
    await video(SOFIA, 'd', 'stall', { stall_ms: 'x' });
    await video(SOFIA, 'd', 'stall', { stall_ms: null });
    // Outside the report: before the period, or another channel's.
    await video(SOFIA, 'old', 'play', { startup_ms: 9_999 }, BEFORE);
    await video(SOFIA, 'old', 'error', {}, BEFORE);
    await video(HEARTLAND, 'h', 'play', { startup_ms: 9_999 });
    const watched = (channelId: number, seconds: number, createdAt = IN_PERIOD) =>
      repo.insertViewingTime({ channelId, session: 'a', eventId: 1, seconds, createdAt });
    await watched(SOFIA, 30);
    await watched(SOFIA, 45);
    await watched(SOFIA, 1_000, BEFORE);
    await watched(HEARTLAND, 1_000);

    expect(await repo.quality(SOFIA, SINCE)).toEqual({
      plays: 5,
      viewers: 4,
      startupMedian: 300,
      startupP95: 480,
      stallMs: 500.5,
      errors: 2,
      viewingS: 75,
    });
    const rows = await database.db.select().from(viewingTime).where(eq(viewingTime.channelId, SOFIA));
    expect(rows).toHaveLength(3);
  });

  it('reports zeros and no startup figures for a period without plays', async () => {
    await repo.insertVideoEvent({
      channelId: SOFIA,
      session: 'z',
      eventId: 1,
      name: 'play',
      createdAt: new Date('2050-01-02'),
    });
    expect(await repo.quality(SOFIA, new Date('2050-01-01'))).toEqual({
      plays: 1,
      viewers: 1,
      startupMedian: null,
      startupP95: null,
      stallMs: 0,
      errors: 0,
      viewingS: 0,
    });
    expect(await repo.quality(SOFIA, new Date('2060-01-01'))).toMatchObject({
      plays: 0,
      viewers: 0,
      startupMedian: null,
    });
    expect(await database.db.select().from(videoEvents).where(eq(videoEvents.session, 'z'))).toHaveLength(1);
  });
});
