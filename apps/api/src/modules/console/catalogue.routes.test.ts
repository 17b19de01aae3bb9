import { consoleSchoolSchema, consoleTeamSchema } from '@sideline/contract/console-catalogue';
import { errorBodySchema } from '@sideline/contract/errors';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoFanKey, guestKey, SOFIA_KEY, type TestApp } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import { eventCategories, participantGroups, participants } from '../catalog/catalog.table';
import { channels } from '../channel/channel.table';
import { events } from '../events/events.table';
import { auditLog } from './audit.table';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

describe.each(dbKinds())('the console’s catalogue on %s', (kind) => {
  let t: TestApp;
  let owner: string;
  let analyst: string;
  let heartlandId: number;
  let sportId: number;

  const call = (method: Method, path: string, key: string | null, body?: object) =>
    t.app.inject({
      method,
      url: `/api/console${path}${(method === 'GET' || method === 'DELETE') && key ? `?api_key=${key}` : ''}`,
      headers: { host: 'localhost' },
      ...(method === 'GET' || method === 'DELETE'
        ? {}
        : { payload: { ...(body ?? {}), ...(key ? { api_key: key } : {}) } }),
    });
  const errorOf = (res: { json(): unknown }) => errorBodySchema.parse(res.json()).error;
  const school = { name: 'Riverbend Academy', short_name: 'RBA', alias: 'riverbend', color: '#123456' };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const [heartland] = await t.services.db.select().from(channels).where(eq(channels.slug, 'heartland'));
    heartlandId = heartland?.id ?? 0;
    const [sport] = await t.services.db
      .select()
      .from(eventCategories)
      .where(eq(eventCategories.channelId, heartlandId));
    sportId = sport?.id ?? 0;
    owner = await demoFanKey(t.app, 'owner@heartland.example');
    analyst = await demoFanKey(t.app, 'analyst@heartland.example');
  }, 120_000);
  afterAll(() => t?.close());

  it('lists each kind to an analyst; writes are for operators and owners of the channel', async () => {
    for (const kind of ['sports', 'schools', 'teams', 'venues']) {
      const res = await call('GET', `/${kind}`, analyst);
      expect(res.statusCode, kind).toBe(200);
      expect(res.json().data.length).toBeGreaterThan(0);
    }
    const sofiaOwner = await demoFanKey(t.app, 'owner@sofia.example', { key: SOFIA_KEY, host: 'sofia.localhost' });
    for (const key of [analyst, await demoFanKey(t.app), await guestKey(t.app), sofiaOwner, null]) {
      const res = await call('POST', '/schools', key, school);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('console_role_required');
    }
    expect((await call('GET', '/teams', await demoFanKey(t.app))).statusCode).toBe(403);
  });

  it('adds a school and a team of it; a team of another channel’s school or a taken alias is refused', async () => {
    const made = await call('POST', '/schools', owner, school);
    expect(made.statusCode).toBe(201);
    const riverbend = consoleSchoolSchema.parse(made.json().data);
    expect(riverbend).toMatchObject({ ...school, image: null });

    const again = await call('POST', '/schools', owner, { ...school, name: 'Another' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('catalogue_alias_taken');

    const [theirs] = await t.services.db
      .select()
      .from(participantGroups)
      .where(ne(participantGroups.channelId, heartlandId))
      .limit(1);
    const team = {
      name: 'Riverbend Otters',
      short_name: 'Otters',
      alias: 'riverbend-football-men',
      school_id: riverbend.id,
      sport_id: sportId,
      color: '#0a7f5a',
      gender: 'men',
    };
    const wrong = await call('POST', '/teams', owner, { ...team, school_id: theirs?.id });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).field).toBe('school_id');
    // The fans' list is cached before the change: the change must drop it.
    await t.app.inject({ url: '/api/participants', headers: { host: 'localhost' } });
    const otters = await call('POST', '/teams', owner, team);
    expect(otters.statusCode).toBe(201);
    expect(consoleTeamSchema.parse(otters.json().data)).toMatchObject({ ...team, logo: null });
    // Fans see the new team among the channel's participants.
    const fans = await t.app.inject({
      url: `/api/participants?participant_group_id=${riverbend.id}`,
      headers: { host: 'localhost' },
    });
    expect(JSON.stringify(fans.json())).toContain('Riverbend Otters');
  });

  it('refuses bad rows field by field in the common body, writing nothing', async () => {
    const before = (await t.services.db.select().from(auditLog)).length;
    const bad: [string, object][] = [
      ['/schools', { ...school, alias: 'Has Spaces' }],
      ['/schools', { ...school, color: 'blue' }],
      ['/schools', { ...school, name: 'x\u0000y' }],
      ['/sports', { name: 'Curling', alias: 'curling', position: 1e9 }],
      ['/venues', { name: 'Field', country: 'usa', time_zone: 'America/Chicago' }],
      ['/venues', { name: 'Field', country: 'US', time_zone: 'Moon/Base' }],
      ['/teams', { name: 'No school' }],
    ];
    for (const [path, body] of bad) {
      const res = await call('POST', path, owner, body);
      expect(res.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(errorOf(res).code).toBe('validation_failed');
    }
    expect((await t.services.db.select().from(auditLog)).length).toBe(before);
  });

  it('will not delete a school or team in use, and names the games and teams using it', async () => {
    const [game] = await t.services.db.select().from(events).where(eq(events.channelId, heartlandId)).limit(1);
    const [home] = await t.services.db
      .select()
      .from(participants)
      .where(eq(participants.id, game?.homeTeamId ?? 0));
    const team = await call('DELETE', `/teams/${home?.id}`, owner);
    expect(team.statusCode).toBe(409);
    const error = errorOf(team);
    expect(error.code).toBe('catalogue_item_in_use');
    expect(error.details).toContainEqual({ path: `games.${game?.id}`, message: game?.name });
    const schoolRes = await call('DELETE', `/schools/${home?.participantGroupId}`, owner);
    expect(schoolRes.statusCode).toBe(409);
    expect(errorOf(schoolRes).details?.some((d) => d.path.startsWith('teams.'))).toBe(true);
    expect(
      (
        await t.services.db
          .select()
          .from(participants)
          .where(eq(participants.id, home?.id ?? 0))
      ).length,
    ).toBe(1);
  });

  it('moves a team to another school: its games follow; an unused venue is deleted and audited', async () => {
    const [game] = await t.services.db.select().from(events).where(eq(events.channelId, heartlandId)).limit(1);
    const schools = consoleSchoolSchema.array().parse((await call('GET', '/schools', owner)).json().data);
    const riverbend = schools.find((s) => s.alias === 'riverbend');
    const moved = await call('PATCH', `/teams/${game?.homeTeamId}`, owner, { school_id: riverbend?.id });
    expect(moved.statusCode).toBe(200);
    const [after] = await t.services.db
      .select()
      .from(events)
      .where(eq(events.id, game?.id ?? 0));
    expect(after?.homeGroupId).toBe(riverbend?.id);

    const venue = await call('POST', '/venues', owner, {
      name: 'Practice Field',
      country: 'US',
      time_zone: 'America/Chicago',
    });
    expect(venue.statusCode).toBe(201);
    const id = venue.json().data.id;
    expect((await call('DELETE', `/venues/${id}`, owner)).json()).toEqual({ data: { ok: true } });
    expect((await call('DELETE', `/venues/${id}`, owner)).statusCode).toBe(404);
    const log = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.channelId, heartlandId), eq(auditLog.entity, 'venue')));
    expect(log.map((e) => e.action)).toEqual(['venue.create', 'venue.delete']);
    const teamLog = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'team.update'), eq(auditLog.entityId, String(game?.homeTeamId))));
    expect(teamLog[0]?.after).toEqual({ school_id: riverbend?.id });
  });
});
