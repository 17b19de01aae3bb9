import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import { analyticsEvents, analyticsSessions } from './analytics.table';

describe.each(dbKinds())('analytics collector on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const session = {
    key: 'hcn-demo',
    profile: null,
    session: 'sess-0123456789',
    device_type: 'desktop',
    user_agent: 'Mozilla/5.0 test',
    resolution: '1280x800',
    platform: 'Linux',
  };

  it('hands out a profile hash, opens a session and records page views', async () => {
    const hash = await t.app.inject('/analytics/hash?key=hcn-demo');
    expect(hash.statusCode).toBe(200);
    expect(hash.json().data.hash).toMatch(/^[0-9a-f]{32}$/);

    const profile = hash.json().data.hash;
    expect(
      (await t.app.inject({ method: 'POST', url: '/analytics/session', payload: { ...session, profile } })).statusCode,
    ).toBe(202);
    // A second call refreshes the same session rather than failing.
    expect(
      (await t.app.inject({ method: 'POST', url: '/analytics/session', payload: { ...session, profile } })).statusCode,
    ).toBe(202);
    const sessions = await t.database.db
      .select()
      .from(analyticsSessions)
      .where(eq(analyticsSessions.id, session.session));
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.profile).toBe(profile);

    const view = await t.app.inject({
      method: 'POST',
      url: '/analytics/events',
      payload: { key: 'hcn-demo', session: session.session, name: 'page_view', page: '/live', previous_page: '/' },
    });
    expect(view.statusCode).toBe(202);
    const [row] = await t.database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.session, session.session));
    expect(row).toMatchObject({ name: 'page_view', page: '/live', previousPage: '/' });
  });

  it('refuses unknown analytics keys and bad bodies without writing', async () => {
    const before = (await t.database.db.select({ n: count() }).from(analyticsEvents))[0]?.n;
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/analytics/events',
      payload: { key: 'nope', session: 'sess-0123456789', name: 'page_view' },
    });
    expect(unknown.statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/analytics/session',
      payload: { ...session, resolution: 'big' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject('/analytics/hash?key=nope')).statusCode).toBe(401);
    // A flood of properties (1,900 of 500 characters fit under the body limit) is refused, not stored.
    const flood = Object.fromEntries(Array.from({ length: 1900 }, (_, i) => [`p${i}`, 'x'.repeat(500)]));
    const heavy = await t.app.inject({
      method: 'POST',
      url: '/analytics/events',
      payload: { key: 'hcn-demo', session: 'sess-0123456789', name: 'page_view', properties: flood },
    });
    expect(heavy.statusCode).toBe(400);
    expect(heavy.json().error).toMatchObject({
      code: 'validation_failed',
      message: 'body.properties: at most 32 properties',
    });
    const most = Object.fromEntries(Array.from({ length: 32 }, (_, i) => [`p${i}`, i]));
    const fine = await t.app.inject({
      method: 'POST',
      url: '/analytics/events',
      payload: { key: 'hcn-demo', session: 'sess-0123456789', name: 'page_view', properties: most },
    });
    expect(fine.statusCode).toBe(202);
    expect((await t.database.db.select({ n: count() }).from(analyticsEvents))[0]?.n).toBe((before ?? 0) + 1);
  });
});
