import { sessionSchema, userSchema } from '@sideline/contract/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, createTestApp, guestKey, type Inject, type TestApp } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';

// The app keeps the login answer's user (capabilities decide what it shows): it must say what the profile says.
describe.each(dbKinds())('the login answer’s capabilities on %s', (kind) => {
  let t: TestApp;
  let call: Inject;
  beforeAll(async () => {
    t = await createTestApp(kind, { AUTH_RATE_LIMIT_MAX: '1000' });
    call = caller(t.app);
  });
  afterAll(() => t.close());

  const login = async (email: string, channelKey?: string) => {
    const res = await call({
      method: 'POST',
      url: '/api/v2/auth/login',
      key: await guestKey(t.app, channelKey),
      body: { email, password: 'Sideline-demo-1' },
    });
    expect(res.statusCode).toBe(200);
    return sessionSchema.parse(res.json().data);
  };
  const profileOf = async (key: string, host?: string) =>
    userSchema.parse((await call({ url: '/api/profile', key, ...(host ? { host } : {}) })).json().data);

  it('lists the premium fan’s annual plan capabilities, the same as their profile', async () => {
    const session = await login('premium@sideline.test');
    expect([...session.user.capabilities].sort()).toEqual(
      ['clipping', 'download', 'download_clip', 'no_ads', 'vod_media_access', 'watch'].sort(),
    );
    const profile = await profileOf(session.api_key);
    expect([...session.user.capabilities].sort()).toEqual([...profile.capabilities].sort());
  });

  it('lists only the channel’s defaults for a fan with no pass granting more, as the profile does', async () => {
    const session = await login('fen@sofia.example', 'ssn_demo_channel_key_sofia');
    const profile = await profileOf(session.api_key, 'sofia.localhost');
    expect(session.user.capabilities).toEqual(['watch']);
    expect(profile.capabilities).toEqual(['watch']);
  });
});
