import { playbackQualitySchema } from '@sideline/contract/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';

const OPERATOR = 'operator-token-0123456789abcdef';

describe.each(dbKinds())('player analytics and the quality report on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { OPERATOR_TOKEN: OPERATOR });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload: { key: 'hcn-demo', ...payload } });

  it('records plays, stalls, errors and viewing time, and reports startup and stall figures', async () => {
    for (const [session, startup] of [
      ['viewer-aaaaaaaa', 400],
      ['viewer-bbbbbbbb', 800],
      ['viewer-cccccccc', 1200],
    ] as const) {
      expect(
        (
          await post('/analytics/video-events', {
            session,
            event_id: 5,
            name: 'play',
            position: 0,
            properties: { startup_ms: startup },
          })
        ).statusCode,
      ).toBe(202);
    }
    await post('/analytics/video-events', {
      session: 'viewer-aaaaaaaa',
      event_id: 5,
      name: 'stall',
      position: 30,
      properties: { stall_ms: 1500 },
    });
    await post('/analytics/video-events', {
      session: 'viewer-bbbbbbbb',
      event_id: 5,
      name: 'error',
      properties: { detail: 'fragLoadError' },
    });
    await post('/analytics/video-events', {
      session: 'viewer-cccccccc',
      event_id: 5,
      name: 'rendition_change',
      properties: { height: 360 },
    });
    for (const session of ['viewer-aaaaaaaa', 'viewer-bbbbbbbb']) {
      const beat = {
        session,
        event_id: 5,
        viewing_time: 30,
        category: 'Basketball',
        sport: 'Basketball',
        gender: 'women',
        school: 'Northfield',
        league: 'Heartland',
      };
      expect((await post('/analytics/viewing-time', beat)).statusCode).toBe(202);
    }

    const report = await t.app.inject({
      url: '/analytics/quality?key=hcn-demo&days=1',
      headers: { authorization: `Bearer ${OPERATOR}` },
    });
    expect(report.statusCode).toBe(200);
    const q = playbackQualitySchema.parse(report.json().data);
    expect(q).toMatchObject({ plays: 3, viewers: 3, viewing_time_s: 60, stall_time_s: 1.5, errors: 1 });
    expect(q.startup_ms.median).toBe(800);
    expect(q.startup_ms.p95).toBeCloseTo(1160, 0);
    expect(q.stall_ratio).toBeCloseTo(0.025, 5);
    expect(q.error_rate).toBeCloseTo(1 / 3, 5);
  });

  it('refuses bad events and the report without the operator token', async () => {
    expect(
      (await post('/analytics/video-events', { session: 'viewer-aaaaaaaa', event_id: 5, name: 'dance' })).statusCode,
    ).toBe(400);
    expect(
      (await post('/analytics/viewing-time', { session: 'viewer-aaaaaaaa', event_id: 5, viewing_time: -1 })).statusCode,
    ).toBe(400);
    const anonymous = await t.app.inject('/analytics/quality?key=hcn-demo');
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json().error.code).toBe('operator_token_required');
    expect(
      (await t.app.inject({ url: '/analytics/quality?key=hcn-demo', headers: { authorization: 'Bearer wrong' } }))
        .statusCode,
    ).toBe(403);
  });
});
