import { sessionSchema, userAccessSchema, userSchema } from '@sideline/contract/auth';
import { errorBodySchema } from '@sideline/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFromLastMail } from '../../../test/support/outbox';
import { caller, createTestApp, guestKey, type Inject, type TestApp } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';

describe.each(dbKinds())('profile, access, forms and deletion on %s', (kind) => {
  let t: TestApp;
  let call: Inject;
  beforeAll(async () => {
    t = await createTestApp(kind, { AUTH_RATE_LIMIT_MAX: '1000' });
    call = caller(t.app);
  });
  afterAll(() => t.close());

  const error = (res: { json(): unknown }) => errorBodySchema.parse(res.json()).error;
  const login = async (email: string, password: string) => {
    const channelKey = email.endsWith('@sofia.example') ? 'ssn_demo_channel_key_sofia' : undefined;
    const res = await call({
      method: 'POST',
      url: '/api/v2/auth/login',
      key: await guestKey(t.app, channelKey),
      body: { email, password },
    });
    if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.body}`);
    return sessionSchema.parse(res.json().data).api_key;
  };

  it('answers a guest key on the profile with 401 login required', async () => {
    const res = await call({ url: '/api/profile', key: await guestKey(t.app) });
    expect(res.statusCode).toBe(401);
    expect(error(res)).toMatchObject({ code: 'login_required', message: 'user must be logged in' });
  });

  it('changes names and phone, and only with the current password the password', async () => {
    const key = await login('fan@heartland.example', 'Sideline-demo-1');
    const patch = (body: object, k = key) =>
      call({ method: 'POST', url: '/api/profile', key: k, body: { _method: 'patch', ...body } });
    const named = await patch({ first_name: 'Jo', phone: '+1 312 555 0100' });
    expect(userSchema.parse(named.json().data.user)).toMatchObject({ first_name: 'Jo', phone: '+1 312 555 0100' });
    expect(named.json().data.api_key).toBeNull();
    expect((await patch({ phone: '12' })).statusCode).toBe(400);
    expect(
      (await call({ method: 'POST', url: '/api/profile', body: { _method: 'patch', first_name: 'Jo' } })).statusCode,
    ).toBe(401);

    const wrong = await patch({
      current_password: 'nope',
      password: 'another pass 1',
      password_confirmation: 'another pass 1',
    });
    expect(error(wrong)).toMatchObject({ code: 'current_password_wrong', field: 'current_password' });
    const mismatch = await patch({
      current_password: 'Sideline-demo-1',
      password: 'another pass 1',
      password_confirmation: 'x',
    });
    expect(error(mismatch).details?.[0]?.message).toBe("PASSWORDS DON'T MATCH");

    const other = await login('fan@heartland.example', 'Sideline-demo-1');
    const changed = await patch({
      current_password: 'Sideline-demo-1',
      password: 'another pass 1',
      password_confirmation: 'another pass 1',
    });
    const fresh = changed.json().data.api_key as string;
    expect(fresh).toEqual(expect.any(String));
    // The password change ends the other sessions and this key; the fresh key carries on.
    expect(error(await call({ url: '/api/profile', key: other })).code).toBe('api_key_invalid');
    expect(error(await call({ url: '/api/profile', key })).code).toBe('api_key_invalid');
    expect((await call({ url: '/api/profile', key: fresh })).json().data.first_name).toBe('Jo');
    await login('fan@heartland.example', 'another pass 1');
  });

  it('locks a temporary-password user to choosing a new password', async () => {
    const key = await login('coach@heartland.example', 'Change-me-2026');
    const profile = await call({ url: '/api/profile', key });
    expect(profile.json().data.temporary_password).toBe(true);
    const access = await call({ url: '/api/user/access', key });
    expect(access.statusCode).toBe(403);
    expect(error(access).code).toBe('password_change_required');
    expect(
      error(await call({ method: 'POST', url: '/api/profile', key, body: { _method: 'patch', first_name: 'C' } })).code,
    ).toBe('password_change_required');

    const changed = await call({
      method: 'POST',
      url: '/api/profile',
      key,
      body: { _method: 'patch', password: 'my own password', password_confirmation: 'my own password' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.user.temporary_password).toBe(false);
    const fresh = changed.json().data.api_key;
    expect((await call({ url: '/api/user/access', key: fresh })).statusCode).toBe(200);
  });

  it('reports capabilities, counters with their limits, and purchases', async () => {
    const key = await login('fen@sofia.example', 'Sideline-demo-1');
    const access = userAccessSchema.parse(
      (await call({ url: '/api/user/access', key, host: 'sofia.localhost' })).json().data,
    );
    // No pass beyond the basic one (its trial not started): watching only.
    expect(access.capabilities).toEqual(['watch']);
    expect(access.featureCount).toEqual({ clips: 0, downloads: 0 });
    expect(access.limits).toEqual({ clips: 0, downloads: 0 });
    expect(access.purchases).toEqual({ subscriptions: 0, packages: 0, events: 0 });
  });

  it('gives the premium demo fan what their annual plan grants, in the profile and the access call', async () => {
    const key = await login('premium@sideline.test', 'Sideline-demo-1');
    const access = userAccessSchema.parse((await call({ url: '/api/user/access', key })).json().data);
    expect([...access.capabilities].sort()).toEqual(
      ['clipping', 'download', 'download_clip', 'no_ads', 'vod_media_access', 'watch'].sort(),
    );
    expect(access.limits).toEqual({ clips: 200, downloads: 50 });
    expect(access.purchases).toEqual({ subscriptions: 1, packages: 0, events: 0 });
    const profile = (await call({ url: '/api/profile', key })).json().data;
    expect(profile.capabilities).toContain('no_ads');
  });

  it("keeps each user's answers to the passes form private, and records the basic-pass choice", async () => {
    await call({
      method: 'POST',
      url: '/api/v2/auth/register',
      key: await guestKey(t.app),
      body: {
        first_name: 'B',
        last_name: 'P',
        email: 'bp@example.org',
        password: 'correct horse 1',
        password_confirmation: 'correct horse 1',
        terms_accepted: true,
      },
    });
    const verified = await call({
      method: 'POST',
      url: '/api/auth/email-verify',
      key: await guestKey(t.app),
      body: { token: await tokenFromLastMail(t, 'bp@example.org') },
    });
    const key = verified.json().data.api_key;
    const form = () => call({ url: '/api/custom-forms/passes', key });
    expect((await form()).json().data.fields[0].value).toBe(0);

    const saved = await call({
      method: 'POST',
      url: '/api/custom-forms/passes',
      key,
      body: { fields: [{ name: 'basic_pass', value: 1 }] },
    });
    expect(saved.json().data.fields[0].value).toBe(1);
    expect((await form()).json().data.fields[0].value).toBe(1);

    // Another account and a guest still see their own (default) answers.
    const fan = await login('fen@sofia.example', 'Sideline-demo-1');
    expect((await call({ url: '/api/custom-forms/passes', key: fan })).json().data.fields[0].value).toBe(1);
    expect(
      (await call({ url: '/api/custom-forms/passes', key: await guestKey(t.app) })).json().data.fields[0].value,
    ).toBe(0);

    expect(
      (
        await call({
          method: 'POST',
          url: '/api/custom-forms/passes',
          key,
          body: { fields: [{ name: 'nope', value: 1 }] },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call({
          method: 'POST',
          url: '/api/custom-forms/passes',
          key,
          body: { fields: [{ name: 'basic_pass', value: 'yes' }] },
        })
      ).statusCode,
    ).toBe(400);
    const guest = await call({
      method: 'POST',
      url: '/api/custom-forms/passes',
      key: await guestKey(t.app),
      body: { fields: [] },
    });
    expect(guest.statusCode).toBe(401);
  });

  it('deletes an account only through the mailed confirmation link', async () => {
    const key = await login('fen@sofia.example', 'Sideline-demo-1');
    const asked = await call({ method: 'POST', url: '/api/delete-account-confirm', key, host: 'sofia.localhost' });
    expect(asked.statusCode).toBe(200);
    const token = await tokenFromLastMail(t, 'fen@sofia.example');
    const wrongToken = await call({
      url: '/api/delete-account-confirm?token=not-the-right-token',
      host: 'sofia.localhost',
    });
    expect(wrongToken.statusCode).toBe(400);
    expect(error(wrongToken).code).toBe('deletion_link_invalid');
    expect((await call({ url: '/api/profile', key })).statusCode).toBe(200);

    const done = await call({ url: `/api/delete-account-confirm?token=${token}`, host: 'sofia.localhost' });
    expect(done.statusCode).toBe(200);
    expect(error(await call({ url: '/api/profile', key })).code).toBe('api_key_invalid');
    const again = await call({
      method: 'POST',
      url: '/api/v2/auth/login',
      key: await guestKey(t.app, 'ssn_demo_channel_key_sofia'),
      body: { email: 'fen@sofia.example', password: 'Sideline-demo-1' },
    });
    expect(again.statusCode).toBe(401);
  });
});

describe.each(dbKinds())('the profile geo flag on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // Local addresses play France, which the conference channel (US and CA only) blocks.
    t = await createTestApp(kind, { AUTH_RATE_LIMIT_MAX: '1000', GEO_LOCAL_COUNTRY: 'FR' });
  });
  afterAll(() => t.close());

  it('says blocked exactly where /geo does, for the address of each request (sign-in answer included)', async () => {
    const call = caller(t.app);
    const signedIn = await call({
      method: 'POST',
      url: '/api/v2/auth/login',
      key: await guestKey(t.app),
      body: { email: 'fan@heartland.example', password: 'Sideline-demo-1' },
    });
    const session = sessionSchema.parse(signedIn.json().data);
    expect(session.user.is_geo_blocked).toBe(true);
    const key = session.api_key;
    for (const [remoteAddress, blocked] of [
      ['127.0.0.1', true],
      ['8.8.8.8', false],
      ['127.0.0.1', true],
    ] as const) {
      const geo = (await call({ url: '/api/geo', key, remoteAddress })).json().data;
      const profile = userSchema.parse((await call({ url: '/api/profile', key, remoteAddress })).json().data);
      expect(geo.is_geo_blocked).toBe(blocked);
      expect(profile.is_geo_blocked).toBe(blocked);
    }
    const edited = await call({
      method: 'POST',
      url: '/api/profile',
      key,
      body: { _method: 'patch', first_name: 'Jo' },
      remoteAddress: '127.0.0.1',
    });
    expect(userSchema.parse(edited.json().data.user).is_geo_blocked).toBe(true);
  });
});
