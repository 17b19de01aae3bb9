import { sessionSchema } from '@sideline/contract/auth';
import { errorBodySchema } from '@sideline/contract/errors';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newFan } from '../../../test/support/fans';
import { lastMailTo, mailsTo, tokenFromLastMail } from '../../../test/support/outbox';
import { caller, createTestApp, guestKey, type Inject, type TestApp } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import { hashToken } from '../../lib/tokens';
import { userTokens } from './users.table';

describe.each(dbKinds())('accounts on %s', (kind) => {
  let t: TestApp;
  let call: Inject;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      AUTH_RATE_LIMIT_MAX: '1000',
      API_KEY_RATE_LIMIT_MAX: '1000',
      LOGIN_MAX_FAILURES: '3',
    });
    call = caller(t.app);
  });
  afterAll(() => t.close());

  const error = (res: { json(): unknown }) => errorBodySchema.parse(res.json()).error;
  const register = async (email: string, extra: object = {}) =>
    call({
      method: 'POST',
      url: '/api/v2/auth/register',
      key: await guestKey(t.app),
      body: { ...newFan(email), ...extra },
    });
  const login = async (email: string, password = 'correct horse 1', key?: string, remoteAddress?: string) =>
    call({
      method: 'POST',
      url: '/api/v2/auth/login',
      key: key ?? (await guestKey(t.app)),
      body: { email, password },
      remoteAddress,
    });
  /** Asks for a reset link and returns its token. */
  const resetLink = async (email: string) => {
    const res = await call({
      method: 'POST',
      url: '/api/auth/password-reset-request',
      key: await guestKey(t.app),
      body: { email },
    });
    expect(res.statusCode).toBe(200);
    return tokenFromLastMail(t, email);
  };
  const verify = async (email: string) =>
    sessionSchema.parse(
      (
        await call({
          method: 'POST',
          url: '/api/auth/email-verify',
          key: await guestKey(t.app),
          body: { token: await tokenFromLastMail(t, email) },
        })
      ).json().data,
    );

  it('registers, mails a verification link, and signs in once the link is followed', async () => {
    const res = await register('ana@example.org');
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({ email: 'ana@example.org', verification_sent: true });

    const mail = await lastMailTo(t, 'ana@example.org');
    expect(mail.subject).toBe('Confirm your e-mail for Heartland Conference Network');
    expect(mail.link).toMatch(/^http:\/\/localhost(:\d+)?\/verify-email\?token=/);

    const early = await login('ana@example.org');
    expect(early.statusCode).toBe(403);
    expect(error(early).code).toBe('email_not_verified');
    expect(await mailsTo(t, 'ana@example.org')).toHaveLength(2);

    const session = await verify('ana@example.org');
    expect(session.user).toMatchObject({ email: 'ana@example.org', email_verified: true, temporary_password: false });
    expect(session.user.capabilities).toContain('watch');
    const profile = await call({ url: '/api/profile', key: session.api_key });
    expect(profile.json().data.email).toBe('ana@example.org');
  });

  it('writes the verification mail in the language the fan registered in', async () => {
    await register('lea@example.org', { language: 'fr' });
    expect((await lastMailTo(t, 'lea@example.org')).subject).toBe(
      'Confirmez votre e-mail pour Heartland Conference Network',
    );
  });

  it('refuses a taken e-mail, whatever its case, and a second verification', async () => {
    await register('taken@example.org');
    const again = await register('TAKEN@example.org');
    expect(again.statusCode).toBe(409);
    expect(error(again)).toMatchObject({ code: 'email_taken', message: 'email already registered' });

    const token = await tokenFromLastMail(t, 'taken@example.org');
    const key = await guestKey(t.app);
    expect((await call({ method: 'POST', url: '/api/auth/email-verify', key, body: { token } })).statusCode).toBe(200);
    const second = await call({
      method: 'POST',
      url: '/api/auth/email-verify',
      key: await guestKey(t.app),
      body: { token },
    });
    expect(error(second)).toMatchObject({ code: 'email_already_verified', message: 'Email already verified' });
    const bogus = await call({
      method: 'POST',
      url: '/api/auth/email-verify',
      key: await guestKey(t.app),
      body: { token: 'x'.repeat(43) },
    });
    expect(bogus.statusCode).toBe(400);
    expect(error(bogus)).toMatchObject({ code: 'verification_failed', message: 'Verification failed' });
  });

  it('validates registration with the spec messages and writes nothing', async () => {
    const bad = await register('not-an-email', {
      password_confirmation: 'other',
      terms_accepted: false,
      first_name: '',
    });
    expect(bad.statusCode).toBe(400);
    const messages = error(bad).details?.map((d) => d.message) ?? [];
    expect(messages).toEqual(
      expect.arrayContaining([
        'A valid email address is required',
        "PASSWORDS DON'T MATCH",
        'Enter your first name',
        'Please accept the terms and conditions',
      ]),
    );
    expect((await register('phone@example.org', { phone: '12-34' })).statusCode).toBe(400);
    expect((await login('not-an-email')).statusCode).toBe(400);
  });

  it('signs in with a new key, revoking the guest key it came with, and signs out', async () => {
    const guest = await guestKey(t.app);
    const res = await login('fan@heartland.example', 'Sideline-demo-1', guest);
    expect(res.statusCode).toBe(200);
    const { api_key, user } = sessionSchema.parse(res.json().data);
    expect(api_key).not.toBe(guest);
    expect(user.email).toBe('fan@heartland.example');
    expect(error(await call({ url: '/api/custom-forms/passes', key: guest })).code).toBe('api_key_invalid');

    const twice = await call({
      method: 'POST',
      url: '/api/v2/auth/login',
      key: api_key,
      body: { email: 'fan@heartland.example', password: 'Sideline-demo-1' },
    });
    expect(error(twice)).toMatchObject({ code: 'already_logged_in', message: 'You are already logged in' });

    expect((await call({ method: 'POST', url: '/api/auth/logout', key: api_key })).statusCode).toBe(200);
    expect(error(await call({ url: '/api/profile', key: api_key })).code).toBe('api_key_invalid');
  });

  it('says only that the e-mail or password is wrong, and throttles an account after repeated failures', async () => {
    const wrong = await login('fan@heartland.example', 'nope-nope');
    expect(wrong.statusCode).toBe(401);
    expect(error(wrong).message).toBe('Invalid email or password. Please try again');
    expect(error(await login('nobody@example.org')).message).toBe('Invalid email or password. Please try again');

    await register('guess@example.org');
    await verify('guess@example.org');
    for (let i = 0; i < 3; i++) expect((await login('guess@example.org', 'wrong-password')).statusCode).toBe(401);
    const locked = await login('guess@example.org');
    expect(locked.statusCode).toBe(429);
    expect(error(locked).code).toBe('rate_limited');
  });

  it('resets a password through the mailed link, ending every session', async () => {
    await register('reset@example.org');
    const { api_key } = await verify('reset@example.org');

    const asked = await call({
      method: 'POST',
      url: '/api/auth/password-reset-request',
      key: await guestKey(t.app),
      body: { email: 'reset@example.org' },
    });
    expect(asked.statusCode).toBe(200);
    const mail = await lastMailTo(t, 'reset@example.org');
    expect(mail.link).toContain('/password-reset?token=');
    const token = await tokenFromLastMail(t, 'reset@example.org');

    const body = { token, password: 'a brand new one', password_confirmation: 'a brand new one' };
    const done = await call({ method: 'POST', url: '/api/auth/password-reset', key: await guestKey(t.app), body });
    expect(done.statusCode).toBe(200);
    expect(error(await call({ url: '/api/profile', key: api_key })).code).toBe('api_key_invalid');
    expect((await login('reset@example.org')).statusCode).toBe(401);
    expect((await login('reset@example.org', 'a brand new one')).statusCode).toBe(200);

    const reused = await call({ method: 'POST', url: '/api/auth/password-reset', key: await guestKey(t.app), body });
    expect(error(reused)).toMatchObject({ code: 'reset_failed', message: 'Reset password failed' });
  });

  it('kills every outstanding reset link when the password changes, by a link or in the profile', async () => {
    await register('links@example.org');
    await verify('links@example.org');
    const newPassword = (password: string) => ({ password, password_confirmation: password });
    const reset = async (token: string, password: string) =>
      call({
        method: 'POST',
        url: '/api/auth/password-reset',
        key: await guestKey(t.app),
        body: { token, ...newPassword(password) },
      });

    const older = await resetLink('links@example.org');
    const newer = await resetLink('links@example.org');
    expect(newer).not.toBe(older);
    expect((await reset(newer, 'second password 2')).statusCode).toBe(200);
    const stale = await reset(older, 'third password 3');
    expect(stale.statusCode).toBe(400);
    expect(error(stale)).toMatchObject({ code: 'reset_failed', message: 'Reset password failed' });
    expect((await login('links@example.org', 'third password 3')).statusCode).toBe(401);

    const session = sessionSchema.parse((await login('links@example.org', 'second password 2')).json().data);
    const otherDevice = sessionSchema.parse((await login('links@example.org', 'second password 2')).json().data);
    const pending = await resetLink('links@example.org');
    const changed = await call({
      method: 'POST',
      url: '/api/profile',
      key: session.api_key,
      body: { _method: 'patch', current_password: 'second password 2', ...newPassword('fourth password 4') },
    });
    expect(changed.statusCode).toBe(200);
    expect(error(await call({ url: '/api/profile', key: otherDevice.api_key })).code).toBe('api_key_invalid');
    expect((await call({ url: '/api/profile', key: changed.json().data.api_key })).statusCode).toBe(200);
    const afterChange = await reset(pending, 'fifth password 5');
    expect(afterChange.statusCode).toBe(400);
    expect(error(afterChange)).toMatchObject({ code: 'reset_failed', message: 'Reset password failed' });
    expect((await login('links@example.org', 'fourth password 4')).statusCode).toBe(200);
  });

  it('resets all or nothing: when ending the sessions fails, the password and the link stay as they were', async () => {
    await register('atomic@example.org');
    const { api_key } = await verify('atomic@example.org');
    const token = await resetLink('atomic@example.org');
    const body = { token, password: 'never stored 1', password_confirmation: 'never stored 1' };
    // The database refuses to revoke this user's keys, as a failing disk would.
    const { db } = t.database;
    await db.execute(sql`create function refuse_key_update() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test'; end $$`);
    await db.execute(sql`create trigger refuse_key_update before update on api_keys for each row
      execute function refuse_key_update()`);
    let failed: Awaited<ReturnType<Inject>>;
    try {
      failed = await call({ method: 'POST', url: '/api/auth/password-reset', key: await guestKey(t.app), body });
    } finally {
      await db.execute(sql`drop trigger refuse_key_update on api_keys`);
      await db.execute(sql`drop function refuse_key_update()`);
    }
    expect(failed.statusCode).toBe(500);
    expect((await call({ url: '/api/profile', key: api_key })).statusCode).toBe(200);
    expect((await login('atomic@example.org', 'never stored 1')).statusCode).toBe(401);
    expect((await login('atomic@example.org')).statusCode).toBe(200);
    const retried = await call({ method: 'POST', url: '/api/auth/password-reset', key: await guestKey(t.app), body });
    expect(retried.statusCode).toBe(200);
  });

  it('answers a reset request alike for an unknown address and a real account, and mails only the account', async () => {
    const ask = async (email: string) =>
      call({ method: 'POST', url: '/api/auth/password-reset-request', key: await guestKey(t.app), body: { email } });
    const known = await ask('fan@heartland.example');
    const unknown = await ask('ghost@example.org');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(await mailsTo(t, 'ghost@example.org')).toHaveLength(0);
    expect((await lastMailTo(t, 'fan@heartland.example')).link).toContain('/password-reset?token=');
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const wrong = await login('fan@heartland.example', 'not-the-password', undefined, '198.51.100.20');
    const unknown = await login('nobody-at-all@example.org', 'not-the-password', undefined, '198.51.100.20');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it("locks out a stranger's address, never the owner signing in from elsewhere", async () => {
    await register('owner@example.org');
    await verify('owner@example.org');
    const stranger = '203.0.113.7';
    for (let i = 0; i < 3; i++) {
      expect((await login('owner@example.org', `guess-${i}-wrong`, undefined, stranger)).statusCode).toBe(401);
    }
    const refused = await login('owner@example.org', 'correct horse 1', undefined, stranger);
    expect(refused.statusCode).toBe(429);
    expect(error(refused).code).toBe('rate_limited');

    const owner = await login('owner@example.org', 'correct horse 1', undefined, '198.51.100.2');
    expect(owner.statusCode).toBe(200);
    expect(sessionSchema.parse(owner.json().data).user.email).toBe('owner@example.org');
  });

  it('refuses an address guessing across many accounts once past its own limit', async () => {
    const guesser = '203.0.113.9';
    const statuses: number[] = [];
    // A new e-mail each time, so no account and address pair reaches its limit (3): only the address's (4 x 3).
    for (let i = 0; i < 13; i++) {
      statuses.push((await login(`target-${i}@example.org`, 'a-guess-123', undefined, guesser)).statusCode);
    }
    expect(statuses).toEqual([...Array<number>(12).fill(401), 429]);
    expect((await login('fan@heartland.example', 'Sideline-demo-1', undefined, guesser)).statusCode).toBe(429);
    expect((await login('fan@heartland.example', 'Sideline-demo-1', undefined, '198.51.100.3')).statusCode).toBe(200);
  });

  it('refuses an expired reset key with its own message', async () => {
    await call({
      method: 'POST',
      url: '/api/auth/password-reset-request',
      key: await guestKey(t.app),
      body: { email: 'fan@heartland.example' },
    });
    const token = await tokenFromLastMail(t, 'fan@heartland.example');
    await t.database.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.tokenHash, hashToken(token)));
    const res = await call({
      method: 'POST',
      url: '/api/auth/password-reset',
      key: await guestKey(t.app),
      body: { token, password: 'whatever-123', password_confirmation: 'whatever-123' },
    });
    expect(res.statusCode).toBe(400);
    expect(error(res)).toMatchObject({ code: 'reset_key_expired', message: 'Reset password key expired' });
  });

  it('signs another device in with a one-time code', async () => {
    const { api_key } = sessionSchema.parse((await login('fan@heartland.example', 'Sideline-demo-1')).json().data);
    const issued = await call({ method: 'POST', url: '/api/auth/session-code', key: api_key });
    expect(issued.statusCode).toBe(201);
    const { code, expires_at } = issued.json().data;
    // Short enough to type: two groups of five, without the letters people take for digits.
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(Date.parse(expires_at) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(Date.parse(expires_at) - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    // Typed loosely on the other device: lower case, a space for the dash.
    const other = await call({
      method: 'POST',
      url: '/api/auth/add_session',
      key: await guestKey(t.app),
      body: { code: ` ${code.toLowerCase().replace('-', ' ')} ` },
    });
    expect(other.statusCode).toBe(200);
    expect(other.json().data.user.email).toBe('fan@heartland.example');
    const reuse = await call({
      method: 'POST',
      url: '/api/auth/add_session',
      key: await guestKey(t.app),
      body: { code },
    });
    expect(error(reuse)).toMatchObject({ code: 'wrong_auth_data', message: 'Wrong auth data' });
  });

  it('a sign-in code made before a password change or reset signs nobody in after it', async () => {
    await register('codes@example.org');
    const { api_key } = await verify('codes@example.org');
    const codeOf = async (key: string) =>
      (await call({ method: 'POST', url: '/api/auth/session-code', key })).json().data.code as string;
    const addSession = async (code: string) =>
      call({ method: 'POST', url: '/api/auth/add_session', key: await guestKey(t.app), body: { code } });

    const beforeChange = await codeOf(api_key);
    const changed = await call({
      method: 'POST',
      url: '/api/profile',
      key: api_key,
      body: {
        _method: 'patch',
        current_password: 'correct horse 1',
        password: 'second password 2',
        password_confirmation: 'second password 2',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(error(await addSession(beforeChange))).toMatchObject({ code: 'wrong_auth_data' });

    const beforeReset = await codeOf(changed.json().data.api_key);
    const token = await resetLink('codes@example.org');
    const reset = await call({
      method: 'POST',
      url: '/api/auth/password-reset',
      key: await guestKey(t.app),
      body: { token, password: 'third password 3', password_confirmation: 'third password 3' },
    });
    expect(reset.statusCode).toBe(200);
    expect(error(await addSession(beforeReset))).toMatchObject({ code: 'wrong_auth_data' });
    // A code made after the change works as ever.
    const fresh = sessionSchema.parse((await login('codes@example.org', 'third password 3')).json().data);
    expect((await addSession(await codeOf(fresh.api_key))).statusCode).toBe(200);
  });

  it('refuses a session code once it has expired, and one never issued', async () => {
    const { api_key } = sessionSchema.parse((await login('fan@heartland.example', 'Sideline-demo-1')).json().data);
    const { code } = (await call({ method: 'POST', url: '/api/auth/session-code', key: api_key })).json().data;
    await t.database.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.tokenHash, hashToken(code.replace('-', ''))));
    for (const tried of [code, 'ABCDE-FGHJK']) {
      const res = await call({
        method: 'POST',
        url: '/api/auth/add_session',
        key: await guestKey(t.app),
        body: { code: tried },
      });
      expect(res.statusCode).toBe(401);
      expect(error(res)).toMatchObject({ code: 'wrong_auth_data', message: 'Wrong auth data' });
    }
  });

  it('keeps accounts per channel and links e-mails to the channel host they came from', async () => {
    const sofia = await guestKey(t.app, 'ssn_demo_channel_key_sofia');
    const res = await call({
      method: 'POST',
      url: '/api/v2/auth/register',
      key: sofia,
      host: 'sofia.localhost',
      body: newFan('ana@example.org'),
    });
    expect(res.statusCode).toBe(201);
    const mail = await lastMailTo(t, 'ana@example.org');
    expect(mail.link).toMatch(/^http:\/\/sofia\.localhost(:\d+)?\/verify-email/);
    expect(mail.subject).toContain('Спортна мрежа София');

    // Hosts an attacker sends so that the mailed link (and its token) reaches their site; Fastify reads the
    // part before the first colon as the host name, so the last three once passed as `localhost`.
    const key = await guestKey(t.app);
    for (const host of ['evil.example', 'localhost:8090@evil.example', 'localhost:@evil.example', 'localhost:1/x']) {
      const poisoned = await call({
        method: 'POST',
        url: '/api/auth/password-reset-request',
        key,
        host,
        body: { email: 'fan@heartland.example' },
      });
      expect(poisoned.statusCode, host).toBe(200);
      const { link } = await lastMailTo(t, 'fan@heartland.example');
      expect(new URL(link ?? '').host, host).toBe('localhost');
      expect(link, host).toMatch(/^http:\/\/localhost\/password-reset\?token=/);
    }
    // The channel's own host with the port the fan used stays as it came.
    await call({
      method: 'POST',
      url: '/api/auth/password-reset-request',
      key,
      host: 'localhost:8090',
      body: { email: 'fan@heartland.example' },
    });
    expect((await lastMailTo(t, 'fan@heartland.example')).link).toMatch(/^http:\/\/localhost:8090\/password-reset/);
  });
});
