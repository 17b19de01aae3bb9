import { auditPageSchema, brandingSchema, consoleMeSchema } from '@sideline/contract/console';
import { errorBodySchema } from '@sideline/contract/errors';
import { streamKeySchema } from '@sideline/contract/ingest';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount } from '../../../test/support/accounts';
import { createTestApp, demoFanKey, guestKey, SOFIA_KEY, type TestApp } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import { parseCommand, runCommand } from '../../cli/commands/run-command';
import { channels } from '../channel/channel.table';
import { events } from '../events/events.table';
import { auditLog } from './audit.table';
import { COMMAND_ACTOR } from './console.service';

type Method = 'GET' | 'PATCH' | 'POST';
type Caller = { key: string | null; host: string };

const SOFIA = { key: SOFIA_KEY, host: 'sofia.localhost' };

describe.each(dbKinds())('the console’s calls on %s', (kind) => {
  let t: TestApp;
  let heartlandId: number;
  let game: number;
  const who: Record<string, Caller> = {};

  /** A console call the way the console makes it: the key in the query for reads, in the JSON body for writes. */
  const call = (method: Method, path: string, as: Caller, body?: object) =>
    t.app.inject({
      method,
      url: `/api/console${path}${method === 'GET' && as.key ? `${path.includes('?') ? '&' : '?'}api_key=${encodeURIComponent(as.key)}` : ''}`,
      headers: { host: as.host },
      ...(method === 'GET' ? {} : { payload: { ...(body ?? {}), ...(as.key ? { api_key: as.key } : {}) } }),
    });
  const errorOf = (res: { json(): unknown }) => errorBodySchema.parse(res.json()).error;
  const auditRows = async () =>
    t.services.db.select().from(auditLog).where(eq(auditLog.channelId, heartlandId)).orderBy(auditLog.id);

  /** An account of the channel with a role given as the command line gives it. */
  async function staff(email: string, role: 'operator' | 'admin') {
    const { key, user } = await newAccount(t, email);
    await t.services.console.setRole(user.channelId, user.id, role, COMMAND_ACTOR);
    return key;
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { INGEST_HOST: 'ingest.example.org' });
    const [heartland] = await t.services.db.select().from(channels).where(eq(channels.slug, 'heartland'));
    if (!heartland) throw new Error('no heartland');
    heartlandId = heartland.id;
    const [row] = await t.services.db.select({ id: events.id }).from(events).where(eq(events.channelId, heartlandId));
    if (!row) throw new Error('no game');
    game = row.id;
    const here = (key: string | null) => ({ key, host: 'localhost' });
    who.guest = here(await guestKey(t.app));
    who.nokey = here(null);
    who.fan = here(await demoFanKey(t.app));
    who.analyst = here(await demoFanKey(t.app, 'analyst@heartland.example'));
    who.operator = here(await staff('operator@heartland.example', 'operator'));
    who.admin = here(await staff('admin@heartland.example', 'admin'));
    who.owner = here(await demoFanKey(t.app, 'owner@heartland.example'));
    const sofiaOwner = await demoFanKey(t.app, 'owner@sofia.example', SOFIA);
    // Another channel's owner, with their key on this channel's host, and this channel's owner on theirs.
    who.otherOwnerHere = here(sofiaOwner);
    who.ownerOnOtherHost = { key: who.owner.key, host: SOFIA.host };
    who.otherOwner = { key: sofiaOwner, host: SOFIA.host };
  }, 120_000);
  afterAll(() => t?.close());

  it('answers each call by role: 403 for a guest, a fan, another channel’s owner anywhere; reads for an analyst', async () => {
    const calls: [Method, string, object?][] = [
      ['GET', '/me'],
      ['GET', '/branding'],
      ['GET', '/audit'],
      ['PATCH', '/branding', { description: 'Checked by the role matrix' }],
      ['GET', `/events/${game}/stream-key`],
      ['POST', `/events/${game}/stream-key/rotate`],
    ];
    const allowed: Record<string, string[]> = {
      guest: [],
      nokey: [],
      fan: [],
      otherOwnerHere: [],
      ownerOnOtherHost: [],
      admin: ['/me'],
      analyst: ['/me', 'GET /branding', '/audit'],
      operator: calls.map(([m, p]) => `${m} ${p}`),
      owner: calls.map(([m, p]) => `${m} ${p}`),
    };
    const seen: Record<string, string[]> = {};
    for (const name of Object.keys(allowed)) {
      seen[name] = [];
      for (const [method, path, body] of calls) {
        const res = await call(method, path, who[name] as Caller, body);
        if (res.statusCode === 200) seen[name].push(`${method} ${path}`);
        else {
          expect(res.statusCode, `${name} ${method} ${path}`).toBe(403);
          expect(errorOf(res).code).toBe('console_role_required');
        }
      }
    }
    const expected = Object.fromEntries(
      Object.entries(allowed).map(([name, list]) => [
        name,
        calls
          .map(([m, p]) => `${m} ${p}`)
          .filter((c) => list.some((a) => (a.includes(' ') ? c === a : c.endsWith(` ${a}`)))),
      ]),
    );
    expect(seen).toEqual(expected);
    // The other channel's owner runs their own console on their own host.
    expect((await call('GET', '/me', who.otherOwner as Caller)).statusCode).toBe(200);
  });

  it('declares every console call in the OpenAPI document with the permission it needs', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    const consolePaths = Object.entries(doc.paths as Record<string, Record<string, Record<string, unknown>>>).filter(
      ([path]) => path.startsWith('/api/console/'),
    );
    const declared = consolePaths.flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => `${method} ${path} ${op['x-console-permission']}`),
    );
    expect(declared.sort()).toEqual(
      [
        'get /api/console/me staff',
        'get /api/console/branding read',
        'patch /api/console/branding write',
        'get /api/console/audit read',
        'get /api/console/events/{id}/stream-key write',
        'post /api/console/events/{id}/stream-key/rotate write',
        'post /api/console/channels platform',
        'get /api/console/events read',
        'get /api/console/events/{id} read',
        'post /api/console/events write',
        'patch /api/console/events/{id} write',
        'delete /api/console/events/{id} write',
        'post /api/console/events/{id}/end write',
        'get /api/console/events/{id}/ingest-health read',
        'post /api/console/events/import write',
        'get /api/console/staff manage',
        'post /api/console/staff manage',
        'patch /api/console/staff/{id} manage',
        'get /api/console/sports read',
        'post /api/console/sports write',
        'patch /api/console/sports/{id} write',
        'delete /api/console/sports/{id} write',
        'get /api/console/schools read',
        'post /api/console/schools write',
        'patch /api/console/schools/{id} write',
        'delete /api/console/schools/{id} write',
        'get /api/console/teams read',
        'post /api/console/teams write',
        'patch /api/console/teams/{id} write',
        'delete /api/console/teams/{id} write',
        'get /api/console/venues read',
        'post /api/console/venues write',
        'patch /api/console/venues/{id} write',
        'delete /api/console/venues/{id} write',
        ...['menu-items', 'pages', 'faqs', 'slides'].flatMap((kind) => [
          `get /api/console/${kind} read`,
          `post /api/console/${kind} write`,
          `patch /api/console/${kind}/{id} write`,
          `delete /api/console/${kind}/{id} write`,
        ]),
      ].sort(),
    );
  });

  it('tells the console who is signed in, with the role’s permissions and the channel', async () => {
    const me = consoleMeSchema.parse((await call('GET', '/me', who.analyst as Caller)).json().data);
    expect(me).toMatchObject({
      role: 'analyst',
      permissions: ['read'],
      user: { email: 'analyst@heartland.example' },
      channel: { slug: 'heartland' },
    });
    const owner = consoleMeSchema.parse((await call('GET', '/me', who.owner as Caller)).json().data);
    expect(owner.permissions).toEqual(['read', 'write', 'manage']);
  });

  it('recolours the channel: fans’ colour call answers the new colour at once, and the log has before and after', async () => {
    const colors = async () =>
      (await t.app.inject({ url: '/api/color-settings/web', headers: { host: 'localhost' } })).json().data;
    const old = (await colors())['primary-color'];
    const res = await call('PATCH', '/branding', who.owner as Caller, { colors: { 'primary-color': '#c0ffee' } });
    expect(res.statusCode).toBe(200);
    const branding = brandingSchema.parse(res.json().data);
    expect(branding.colors['primary-color']).toBe('#c0ffee');
    expect(branding.colors['live-color']).toMatch(/^#/);
    expect((await colors())['primary-color']).toBe('#c0ffee');
    const last = (await auditRows()).at(-1);
    expect(last).toMatchObject({
      action: 'branding.update',
      entity: 'channel',
      actorEmail: 'owner@heartland.example',
      actorRole: 'owner',
      address: '127.0.0.1',
      before: { colors: expect.objectContaining({ 'primary-color': old }) },
      after: { colors: expect.objectContaining({ 'primary-color': '#c0ffee' }) },
    });
  });

  it('refuses bad input in the common error body and writes nothing, neither the change nor a log entry', async () => {
    const before = await auditRows();
    const [channelBefore] = await t.services.db.select().from(channels).where(eq(channels.id, heartlandId));
    const bad: object[] = [
      { colors: { 'primary-color': 'red' } },
      { colors: { 'no-such-colour': '#000000' } },
      { name: 'Heart\u0000land' },
      { name: '' },
      { time_zone: 'Mars/Olympus_Mons' },
      { currency: 12 },
      { geo: { allow: ['usa'], block: [] } },
      { name: 'x'.repeat(10_000) },
      { sentry_dsn: 'not a url' },
      { unknown_field: true },
    ];
    for (const body of bad) {
      const res = await call('PATCH', '/branding', who.operator as Caller, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).code).toBe('validation_failed');
    }
    expect(await auditRows()).toEqual(before);
    const [channelAfter] = await t.services.db.select().from(channels).where(eq(channels.id, heartlandId));
    expect(channelAfter).toEqual(channelBefore);
  });

  it('writes no log entry for a change that changes nothing', async () => {
    const current = brandingSchema.parse((await call('GET', '/branding', who.operator as Caller)).json().data);
    const before = (await auditRows()).length;
    const res = await call('PATCH', '/branding', who.operator as Caller, { name: current.name });
    expect(res.statusCode).toBe(200);
    expect(await auditRows()).toHaveLength(before);
  });

  it('rotates a stream key: the old key publishes no more, and the log keeps the keys masked', async () => {
    const old = streamKeySchema.parse(
      (await call('GET', `/events/${game}/stream-key`, who.operator as Caller)).json().data,
    );
    const res = await call('POST', `/events/${game}/stream-key/rotate`, who.operator as Caller);
    const fresh = streamKeySchema.parse(res.json().data);
    expect(fresh.key).not.toBe(old.key);
    expect(await t.services.streamKeys.resolve(old.key)).toBeUndefined();
    expect(await t.services.streamKeys.resolve(fresh.key)).toEqual({ channelId: heartlandId, eventId: game });
    const entry = (await auditRows()).at(-1);
    expect(entry).toMatchObject({ action: 'stream_key.rotate', entity: 'event', entityId: String(game) });
    const logged = JSON.stringify(entry);
    expect(logged).not.toContain(fresh.key);
    expect(logged).not.toContain(old.key);
    expect(logged).toContain(`sk_…${fresh.key.slice(-4)}`);
  });

  it('lists the log newest first, filtered by action, actor and time, in pages', async () => {
    const page = async (query: string) => {
      const res = await call('GET', `/audit${query}`, who.analyst as Caller);
      expect(res.statusCode).toBe(200);
      return auditPageSchema.parse(res.json());
    };
    const all = await page('');
    expect(all.meta.total).toBeGreaterThanOrEqual(4);
    const ids = all.data.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const rotations = await page('?action=stream_key.rotate');
    expect(rotations.data.length).toBeGreaterThan(0);
    expect(rotations.data.every((e) => e.action === 'stream_key.rotate')).toBe(true);
    const byCommand = await page('?actor=command');
    expect(byCommand.data.map((e) => e.action)).toEqual(['role.set', 'role.set']);
    expect((await page('?actor=100%25_')).meta.total).toBe(0);
    expect((await page(`?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).meta.total).toBe(0);
    const first = await page('?limit=1');
    const second = await page('?limit=1&offset=1');
    expect(first.data[0]?.id).not.toBe(second.data[0]?.id);
    for (const query of ['?limit=0', '?limit=1000', '?from=yesterday', '?action=a%00b', '?offset=-1']) {
      const res = await call('GET', `/audit${query}`, who.analyst as Caller);
      expect(res.statusCode, query).toBe(400);
    }
    // Another channel's log is its own.
    const theirs = await call('GET', '/audit', who.otherOwner as Caller);
    expect(auditPageSchema.parse(theirs.json()).data.some((e) => e.actor.email.endsWith('heartland.example'))).toBe(
      false,
    );
  });

  it('keeps the log as written: the database refuses to change or remove an entry', async () => {
    const [entry] = await auditRows();
    if (!entry) throw new Error('no entry');
    await expect(
      t.services.db.execute(sql`update audit_log set action = 'nothing' where id = ${entry.id}`),
    ).rejects.toThrow();
    await expect(t.services.db.execute(sql`delete from audit_log where id = ${entry.id}`)).rejects.toThrow();
    expect((await auditRows())[0]).toEqual(entry);
  });

  it('gives and takes roles from the command line, in the log by "command line"', async () => {
    const run = async (...argv: string[]) => {
      const parsed = parseCommand('create-user', argv);
      return 'code' in parsed ? parsed : runCommand(t.services, parsed);
    };
    const made = await run(
      '--channel=heartland',
      '--email=new-operator@heartland.example',
      '--first-name=Nico',
      '--password=Sideline-demo-1',
      '--role=operator',
    );
    expect(made).toMatchObject({ code: 0, out: [expect.stringContaining('as operator')] });
    const key = await demoFanKey(t.app, 'new-operator@heartland.example');
    expect((await call('GET', '/me', { key, host: 'localhost' })).json().data.role).toBe('operator');
    expect(await run('--channel=heartland', '--email=new-operator@heartland.example', '--role=none')).toMatchObject({
      code: 0,
    });
    expect((await call('GET', '/me', { key, host: 'localhost' })).statusCode).toBe(403);
    const log = (await auditRows()).filter((e) => e.actorEmail === 'command line').slice(-2);
    expect(log.map((e) => [e.before, e.after])).toEqual([
      [{ role: null }, { role: 'operator' }],
      [{ role: 'operator' }, { role: null }],
    ]);
    expect((await run('--channel=heartland', '--email=nobody@heartland.example', '--role=owner')).code).toBe(1);
    expect((await run('--channel=heartland', '--email=x@heartland.example', '--role=king')).code).toBe(2);
  });

  it('removes a channel with its log (the log refuses only changes made while the channel exists)', async () => {
    const res = await call('PATCH', '/branding', who.otherOwner as Caller, { short_name: 'ССМ' });
    expect(res.statusCode).toBe(200);
    await t.services.db.delete(channels).where(eq(channels.slug, 'sofia'));
    const left = await t.services.db.execute(
      sql`select count(*)::int as n from audit_log a where not exists (select 1 from channels c where c.id = a.channel_id)`,
    );
    expect(JSON.stringify(left)).toContain('"n":0');
  });
});
