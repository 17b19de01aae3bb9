import { count, eq } from 'drizzle-orm';
import type { Response } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analyticsEvents,
  analyticsSessions,
  videoEvents,
  viewingTime,
} from '../../src/modules/analytics/analytics.table';
import { users } from '../../src/modules/auth/users.table';
import { caller, createTestApp, demoFanKey, guestKey, type Inject, type TestApp } from '../support/test-app';
import { dbKinds } from '../support/test-database';

const NUL = '\u0000';
const TOO_BIG = 2_147_483_648;

/** A 400 in the common error body whose details name the field. */
function expectRefused(res: Response, path: string) {
  expect(res.statusCode, res.body).toBe(400);
  const { error } = res.json();
  expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
  expect(error.details.map((d: { path: string }) => d.path)).toContainEqual(expect.stringMatching(`^${path}`));
}

describe.each(dbKinds())('bad input on %s', (kind) => {
  let t: TestApp;
  let call: Inject;
  let guest: string;
  let fan: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { AUTH_RATE_LIMIT_MAX: '1000' });
    call = caller(t.app);
    guest = await guestKey(t.app);
    fan = await demoFanKey(t.app);
  });
  afterAll(() => t.close());

  const rows = async (table: typeof analyticsEvents | typeof videoEvents | typeof viewingTime) =>
    (await t.database.db.select({ n: count() }).from(table))[0]?.n;

  describe('a NUL character', () => {
    it('in the events search', async () => {
      expectRefused(await call({ url: `/api/events?search=a${encodeURIComponent(NUL)}b`, key: guest }), 'query.search');
    });

    it.each(['first_name', 'last_name'])('in the %s of a registration, and no account is made', async (field) => {
      const email = `nul-${field}@example.org`;
      const res = await call({
        method: 'POST',
        url: '/api/v2/auth/register',
        key: await guestKey(t.app),
        body: {
          first_name: 'Ana',
          last_name: 'Ivanova',
          [field]: `An${NUL}a`,
          email,
          password: 'correct horse 1',
          password_confirmation: 'correct horse 1',
          terms_accepted: true,
        },
      });
      expectRefused(res, `body.${field}`);
      expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    });

    it.each(['first_name', 'last_name'])('in the %s of a profile edit, and the profile is unchanged', async (field) => {
      const before = (await call({ url: '/api/profile', key: fan })).json().data;
      const res = await call({
        method: 'POST',
        url: '/api/profile',
        key: fan,
        body: { _method: 'patch', [field]: `X${NUL}` },
      });
      expectRefused(res, `body.${field}`);
      expect((await call({ url: '/api/profile', key: fan })).json().data).toEqual(before);
    });

    const session = 'nul-session-0001';
    const page = (extra: object) =>
      t.app.inject({
        method: 'POST',
        url: '/analytics/events',
        payload: { key: 'hcn-demo', session, name: 'page_view', page: '/live', ...extra },
      });

    it.each([
      ['name', { name: `page${NUL}view` }, 'body.name'],
      ['page', { page: `/live${NUL}` }, 'body.page'],
      ['previous_page', { previous_page: `/${NUL}` }, 'body.previous_page'],
      ['a properties key', { properties: { [`trk${NUL}`]: 'x' } }, 'body.properties'],
      ['a properties value', { properties: { trk: `x${NUL}` } }, 'body.properties'],
    ])('in an analytics event %s, and nothing is recorded', async (_what, extra, path) => {
      const before = await rows(analyticsEvents);
      expectRefused(await page(extra), path);
      expect(await rows(analyticsEvents)).toBe(before);
    });

    it('in an analytics session, and no session is opened', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/analytics/session',
        payload: {
          key: 'hcn-demo',
          profile: null,
          session,
          device_type: 'desktop',
          user_agent: `Mozilla${NUL}`,
          resolution: '1280x800',
          platform: 'Linux',
        },
      });
      expectRefused(res, 'body.user_agent');
      expect(await t.database.db.select().from(analyticsSessions).where(eq(analyticsSessions.id, session))).toEqual([]);
    });

    it('in a video event property and a viewing-time field, and nothing is recorded', async () => {
      const video = { key: 'hcn-demo', session, event_id: 5, name: 'play', position: 0 };
      const beforeVideo = await rows(videoEvents);
      expectRefused(
        await t.app.inject({
          method: 'POST',
          url: '/analytics/video-events',
          payload: { ...video, properties: { detail: `x${NUL}` } },
        }),
        'body.properties',
      );
      expect(await rows(videoEvents)).toBe(beforeVideo);

      const beforeTime = await rows(viewingTime);
      const beat = { key: 'hcn-demo', session, event_id: 5, viewing_time: 10, category: null, gender: null };
      expectRefused(
        await t.app.inject({
          method: 'POST',
          url: '/analytics/viewing-time',
          payload: { ...beat, sport: `Foot${NUL}ball`, school: null, league: null },
        }),
        'body.sport',
      );
      expect(await rows(viewingTime)).toBe(beforeTime);
    });
  });

  // JSON can carry half a surrogate pair ("\ud800"); `jsonb` refuses it, which made the collector answer 500.
  describe('a lone surrogate half', () => {
    const LONE = '\ud800';
    const session = 'lone-session-0001';

    it.each([
      ['a properties value', { properties: { a: LONE } }],
      ['a properties key', { properties: { '\udfff': 1 } }],
      ['the page', { page: `/live${LONE}` }],
    ])('in an analytics event %s, and nothing is recorded', async (_what, extra) => {
      const before = await rows(analyticsEvents);
      const res = await t.app.inject({
        method: 'POST',
        url: '/analytics/events',
        payload: { key: 'hcn-demo', session, name: 'page_view', ...extra },
      });
      expectRefused(res, Object.keys(extra)[0] === 'page' ? 'body.page' : 'body.properties');
      expect(await rows(analyticsEvents)).toBe(before);
    });

    it('in a video event property, and nothing is recorded', async () => {
      const before = await rows(videoEvents);
      const res = await t.app.inject({
        method: 'POST',
        url: '/analytics/video-events',
        payload: { key: 'hcn-demo', session, event_id: 5, name: 'play', properties: { detail: `x${LONE}` } },
      });
      expectRefused(res, 'body.properties');
      expect(await rows(videoEvents)).toBe(before);
    });

    it('in a profile name, and the profile is unchanged', async () => {
      const before = (await call({ url: '/api/profile', key: fan })).json().data;
      const res = await call({
        method: 'POST',
        url: '/api/profile',
        key: fan,
        body: { _method: 'patch', first_name: `A${LONE}` },
      });
      expectRefused(res, 'body.first_name');
      expect((await call({ url: '/api/profile', key: fan })).json().data).toEqual(before);
    });

    it('but a whole pair (an emoji) is recorded', async () => {
      const before = await rows(analyticsEvents);
      const res = await t.app.inject({
        method: 'POST',
        url: '/analytics/events',
        payload: { key: 'hcn-demo', session, name: 'page_view', properties: { team: '⚽ 🏀' } },
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
      await expect.poll(() => rows(analyticsEvents)).toBe((before ?? 0) + 1);
    });
  });

  it.each(['0x10', '1e3', '%205', '1.0'])("a game's id written as %s is refused, not read as a number", async (id) => {
    expectRefused(await call({ url: `/api/events/${id}`, key: guest }), 'params.id');
  });

  describe('a number the database cannot hold', () => {
    it.each(['event_category_id', 'participant_group_id', 'participant_id', 'location_id'])(
      'in the events %s filter',
      async (field) => {
        expectRefused(await call({ url: `/api/events?${field}=1,${TOO_BIG}`, key: guest }), `query.${field}`);
      },
    );

    it('in a video event or viewing-time event_id, and nothing is recorded', async () => {
      const before = await rows(videoEvents);
      const video = { key: 'hcn-demo', session: 'big-session-0001', name: 'play', position: 0 };
      expectRefused(
        await t.app.inject({
          method: 'POST',
          url: '/analytics/video-events',
          payload: { ...video, event_id: TOO_BIG },
        }),
        'body.event_id',
      );
      expect(await rows(videoEvents)).toBe(before);

      const beat = { key: 'hcn-demo', session: 'big-session-0001', viewing_time: 10 };
      const nulls = { category: null, sport: null, gender: null, school: null, league: null };
      const beforeTime = await rows(viewingTime);
      expectRefused(
        await t.app.inject({
          method: 'POST',
          url: '/analytics/viewing-time',
          payload: { ...beat, ...nulls, event_id: TOO_BIG },
        }),
        'body.event_id',
      );
      expect(await rows(viewingTime)).toBe(beforeTime);
    });

    it('as a video position of 1e308, and nothing is recorded', async () => {
      const before = await rows(videoEvents);
      const res = await t.app.inject({
        method: 'POST',
        url: '/analytics/video-events',
        payload: { key: 'hcn-demo', session: 'big-session-0001', event_id: 5, name: 'seek', position: 1e308 },
      });
      expectRefused(res, 'body.position');
      expect(await rows(videoEvents)).toBe(before);
    });

    it("as a favorite's id, and no favorite is added", async () => {
      const before = (await call({ url: '/api/favorites', key: fan })).json().data;
      const res = await call({
        method: 'POST',
        url: '/api/favorite',
        key: fan,
        body: { favoritable_type: 'favorite_event', favoritable_id: TOO_BIG },
      });
      expectRefused(res, 'body.favoritable_id');
      expect((await call({ url: '/api/favorites', key: fan })).json().data).toEqual(before);
    });

    it('as the start date of the favorite events', async () => {
      expectRefused(
        await call({ url: '/api/events/favorite?start_date=99999999999999', key: fan }),
        'query.start_date',
      );
    });
  });
});
