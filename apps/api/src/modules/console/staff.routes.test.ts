import { staffMemberSchema } from '@sideline/contract/console';
import { errorBodySchema } from '@sideline/contract/errors';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount } from '../../../test/support/accounts';
import { lastMailTo, tokenFromLastMail } from '../../../test/support/outbox';
import { createTestApp, DEMO_PASSWORD, demoFanKey, guestKey, type TestApp } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import { users } from '../auth/users.table';
import { auditLog } from './audit.table';
import { COMMAND_ACTOR } from './console.service';

type Method = 'GET' | 'POST' | 'PATCH';

describe.each(dbKinds())('the channel’s people in the console on %s', (kind) => {
  let t: TestApp;
  let owner: string;
  let operator: string;

  const call = (method: Method, path: string, key: string | null, body?: object) =>
    t.app.inject({
      method,
      url: `/api/console${path}${method === 'GET' && key ? `?api_key=${key}` : ''}`,
      headers: { host: 'localhost' },
      ...(method === 'GET' ? {} : { payload: { ...(body ?? {}), ...(key ? { api_key: key } : {}) } }),
    });
  const errorOf = (res: { json(): unknown }) => errorBodySchema.parse(res.json()).error;
  const signIn = async (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/login',
      headers: { host: 'localhost' },
      payload: { email, password, api_key: await guestKey(t.app) },
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await demoFanKey(t.app, 'owner@heartland.example');
    const op = await newAccount(t, 'crew@heartland.example');
    await t.services.console.setRole(op.user.channelId, op.user.id, 'operator', COMMAND_ACTOR);
    operator = op.key;
  }, 120_000);
  afterAll(() => t?.close());

  it('is the owner’s alone: an operator or analyst can neither list nor invite', async () => {
    const analyst = await demoFanKey(t.app, 'analyst@heartland.example');
    for (const key of [operator, analyst, await demoFanKey(t.app), null]) {
      expect((await call('GET', '/staff', key)).statusCode).toBe(403);
      const res = await call('POST', '/staff', key, { email: 'x@heartland.example', first_name: 'X', role: 'owner' });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('console_role_required');
    }
    const list = staffMemberSchema.array().parse((await call('GET', '/staff', owner)).json().data);
    expect(list.map((m) => [m.email, m.role])).toEqual(
      expect.arrayContaining([
        ['owner@heartland.example', 'owner'],
        ['analyst@heartland.example', 'analyst'],
        ['crew@heartland.example', 'operator'],
      ]),
    );
    expect(list.some((m) => m.email === 'fan@heartland.example')).toBe(false);
  });

  it('invites a new operator by e-mail: the link sets a password, and the console opens with the role', async () => {
    const res = await call('POST', '/staff', owner, {
      email: 'New.Producer@Heartland.example',
      first_name: 'Sam',
      role: 'operator',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      created: true,
      member: { email: 'new.producer@heartland.example', role: 'operator', has_password: false },
    });
    const mail = await lastMailTo(t, 'new.producer@heartland.example');
    expect(mail.subject).toContain('Heartland');
    expect(mail.link).toContain('/password-reset?token=');
    expect((await signIn('new.producer@heartland.example', DEMO_PASSWORD)).statusCode).not.toBe(200);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      headers: { host: 'localhost' },
      payload: {
        token: await tokenFromLastMail(t, 'new.producer@heartland.example'),
        password: 'Producer-pass-1',
        password_confirmation: 'Producer-pass-1',
        api_key: await guestKey(t.app),
      },
    });
    expect(reset.statusCode).toBe(200);
    const login = await signIn('new.producer@heartland.example', 'Producer-pass-1');
    expect(login.statusCode).toBe(200);
    const me = await call('GET', '/me', login.json().data.api_key);
    expect(me.json().data).toMatchObject({ role: 'operator' });
    const [entry] = await t.services.db.select().from(auditLog).where(eq(auditLog.action, 'role.invite'));
    expect(entry).toMatchObject({ actorEmail: 'owner@heartland.example', after: { role: 'operator' } });
    expect(JSON.stringify(entry)).not.toContain('token');
  });

  it('gives an existing fan a role with a notice, changes it, and takes it away', async () => {
    const res = await call('POST', '/staff', owner, {
      email: 'fan@heartland.example',
      first_name: 'Jordan',
      role: 'analyst',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ created: false, member: { role: 'analyst', has_password: true } });
    expect((await lastMailTo(t, 'fan@heartland.example')).link).toMatch(/\/console$/);
    const id = res.json().data.member.id;
    expect((await call('PATCH', `/staff/${id}`, owner, { role: 'operator' })).json().data.role).toBe('operator');
    expect((await call('PATCH', `/staff/${id}`, owner, { role: null })).json().data).toBeNull();
    const [row] = await t.services.db.select().from(users).where(eq(users.id, id));
    expect(row?.role).toBeNull();
    const changes = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'role.set'), eq(auditLog.entityId, String(id))));
    expect(changes.map((c) => [c.before?.role, c.after?.role])).toEqual([
      [null, 'analyst'],
      ['analyst', 'operator'],
      ['operator', null],
    ]);
  });

  it('keeps the channel’s last owner, refuses bad input and another channel’s account', async () => {
    const [me] = await t.services.db.select().from(users).where(eq(users.email, 'owner@heartland.example'));
    const res = await call('PATCH', `/staff/${me?.id}`, owner, { role: 'operator' });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).code).toBe('last_owner');
    for (const body of [
      { email: 'a@b.example', first_name: 'A', role: 'admin' },
      { email: 'not an email', first_name: 'A', role: 'operator' },
      { email: 'a@b.example', first_name: '', role: 'operator' },
      { email: 'a@b.example', first_name: 'A\u0000', role: 'operator' },
    ]) {
      expect((await call('POST', '/staff', owner, body)).statusCode).toBe(400);
    }
    const [sofiaOwner] = await t.services.db.select().from(users).where(eq(users.email, 'owner@sofia.example'));
    expect((await call('PATCH', `/staff/${sofiaOwner?.id}`, owner, { role: null })).statusCode).toBe(404);
    const [after] = await t.services.db
      .select()
      .from(users)
      .where(eq(users.id, sofiaOwner?.id ?? 0));
    expect(after?.role).toBe('owner');
  });
});
