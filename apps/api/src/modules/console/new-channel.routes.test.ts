import { createdChannelSchema, DEFAULT_CHANNEL_COLORS } from '@sideline/contract/console';
import { errorBodySchema } from '@sideline/contract/errors';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount } from '../../../test/support/accounts';
import { createTestApp, demoFanKey, guestKey, type TestApp } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import { users } from '../auth/users.table';
import { channelHosts, channels } from '../channel/channel.table';
import { auditLog } from './audit.table';
import { COMMAND_ACTOR } from './console.service';

const NEW_CHANNEL = {
  name: 'Riverside High Sports',
  slug: 'riverside',
  host: 'riverside.localhost',
  language: 'en',
  currency: 'USD',
  time_zone: 'America/Chicago',
  owner: { email: 'ad@riverside.example', first_name: 'Robin', last_name: 'Athletic Director' },
};

describe.each(dbKinds())('new channels from the console on %s', (kind) => {
  let t: TestApp;
  let admin: string;

  const create = (key: string | null, body: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/console/channels',
      headers: { host: 'localhost' },
      payload: { ...body, ...(key ? { api_key: key } : {}) },
    });
  const errorOf = (res: { json(): unknown }) => errorBodySchema.parse(res.json()).error;
  const channelCount = async () => (await t.services.db.select({ n: count() }).from(channels))[0]?.n;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const { key, user } = await newAccount(t, 'platform@heartland.example');
    await t.services.console.setRole(user.channelId, user.id, 'admin', COMMAND_ACTOR);
    admin = key;
  }, 120_000);
  afterAll(() => t?.close());

  it('is for the platform admin alone: a channel’s owner, operator, analyst, a fan and a guest get 403', async () => {
    const before = await channelCount();
    const { key: operator, user } = await newAccount(t, 'op2@heartland.example');
    await t.services.console.setRole(user.channelId, user.id, 'operator', COMMAND_ACTOR);
    const keys = [
      await demoFanKey(t.app, 'owner@heartland.example'),
      operator,
      await demoFanKey(t.app, 'analyst@heartland.example'),
      await demoFanKey(t.app),
      await guestKey(t.app),
      null,
    ];
    for (const key of keys) {
      const res = await create(key, NEW_CHANNEL);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('console_role_required');
    }
    expect(await channelCount()).toBe(before);
  });

  it('refuses bad input in the common error body, creating nothing', async () => {
    const before = await channelCount();
    const bad = [
      { ...NEW_CHANNEL, slug: 'Bad Slug' },
      { ...NEW_CHANNEL, host: 'http://riverside.example/' },
      { ...NEW_CHANNEL, host: 'river side.example' },
      { ...NEW_CHANNEL, language: 'de' },
      { ...NEW_CHANNEL, time_zone: 'Nowhere/Land' },
      { ...NEW_CHANNEL, name: 'River\u0000side' },
      { ...NEW_CHANNEL, owner: { ...NEW_CHANNEL.owner, email: 'not-an-email' } },
      { ...NEW_CHANNEL, owner: { ...NEW_CHANNEL.owner, role: 'admin' } },
      { ...NEW_CHANNEL, currency: 1e308 },
    ];
    for (const body of bad) {
      const res = await create(admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).code).toBe('validation_failed');
    }
    expect(await channelCount()).toBe(before);
  });

  it('creates the channel: its host answers at once with default colours and no pages, and its owner runs it', async () => {
    const res = await create(admin, NEW_CHANNEL);
    expect(res.statusCode).toBe(201);
    const made = createdChannelSchema.parse(res.json().data);
    expect(made.channel).toMatchObject({ slug: 'riverside', host: 'riverside.localhost', name: NEW_CHANNEL.name });
    const host = { host: 'riverside.localhost' };

    const file = await t.app.inject({ url: '/channel.json', headers: host });
    expect(file.statusCode).toBe(200);
    expect(file.json()).toMatchObject({ name: NEW_CHANNEL.name, channel_key: made.channel.channel_key });
    const colors = await t.app.inject({ url: '/api/color-settings/web', headers: host });
    expect(colors.json().data).toEqual(DEFAULT_CHANNEL_COLORS);
    expect((await t.app.inject({ url: '/api/pages', headers: host })).json().data).toEqual([]);

    // The owner signs in on the new host with the temporary password and reaches the console as its owner.
    const guest = (
      await t.app.inject({
        method: 'POST',
        url: '/api/get_api_key',
        payload: { channel_key: made.channel.channel_key },
      })
    ).json().data.api_key;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/login',
      headers: host,
      payload: { email: NEW_CHANNEL.owner.email, password: made.owner.temporary_password, api_key: guest },
    });
    expect(login.statusCode).toBe(200);
    const owner = login.json().data.api_key;
    const me = await t.app.inject({ url: `/api/console/me?api_key=${owner}`, headers: host });
    expect(me.json().data).toMatchObject({ role: 'owner', channel: { slug: 'riverside' } });
    const [row] = await t.services.db.select().from(users).where(eq(users.id, made.owner.id));
    expect(row).toMatchObject({ temporaryPassword: true, role: 'owner', channelId: made.channel.id });

    // The new channel's log starts with its creation, by the admin; the temporary password is in no entry.
    const log = await t.services.db.select().from(auditLog).where(eq(auditLog.channelId, made.channel.id));
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      action: 'channel.create',
      actorEmail: 'platform@heartland.example',
      actorRole: 'admin',
    });
    expect(JSON.stringify(log)).not.toContain(made.owner.temporary_password);
  });

  it('refuses a slug or host another channel has, with 409 and nothing written', async () => {
    const before = await channelCount();
    const hosts = (await t.services.db.select().from(channelHosts)).length;
    for (const body of [
      { ...NEW_CHANNEL, host: 'elsewhere.localhost' },
      { ...NEW_CHANNEL, slug: 'riverside-2', host: 'riverside.localhost' },
      { ...NEW_CHANNEL, slug: 'other', host: 'sofia.localhost' },
    ]) {
      const res = await create(admin, body);
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).code).toBe('channel_address_taken');
    }
    expect(await channelCount()).toBe(before);
    expect((await t.services.db.select().from(channelHosts)).length).toBe(hosts);
  });
});
