import { errorBodySchema } from '@sideline/contract/errors';
import { eq, sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, localServer } from '../../../test/support/local-server';
import { caller, createTestApp, guestKey, type Inject, type TestApp } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import { channels } from '../channel/channel.table';

const GOOGLE_CLIENT = 'demo-client.apps.googleusercontent.com';

describe.each(dbKinds())('social sign-in and reCAPTCHA on %s', (kind) => {
  let t: TestApp;
  let call: Inject;
  let sign: (
    claims: Record<string, unknown>,
    options?: { audience?: string; expires?: string | number },
  ) => Promise<string>;
  const servers: { close(): Promise<void> }[] = [];

  beforeAll(async () => {
    // Google: a local key set; tokens signed with its private key, checked by the real verifier.
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
    const jwks = await localServer((_req, res) => json(res, 200, { keys: [jwk] }));
    sign = (claims, options = {}) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuer('https://accounts.google.com')
        .setAudience(options.audience ?? GOOGLE_CLIENT)
        .setIssuedAt()
        .setExpirationTime(options.expires ?? '5m')
        .sign(privateKey);
    // Facebook: a Graph API stand-in that knows one valid token.
    const graph = await localServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname.endsWith('/debug_token')) {
        const valid =
          url.searchParams.get('input_token') === 'fb-good-token' &&
          url.searchParams.get('access_token') === 'fb-app|fb-secret';
        return json(res, 200, { data: { is_valid: valid, app_id: 'fb-app', user_id: '4242' } });
      }
      if (url.pathname.endsWith('/me'))
        return json(res, 200, { id: '4242', email: 'fb.fan@example.org', first_name: 'Fay', last_name: 'Book' });
      json(res, 404, {});
    });
    // reCAPTCHA: a person sends "human".
    const recaptcha = await localServer((_req, res, body) =>
      json(res, 200, { success: new URLSearchParams(body).get('response') === 'human' }),
    );
    servers.push(jwks, graph, recaptcha);

    t = await createTestApp(kind, {
      GOOGLE_JWKS_URL: jwks.url,
      FACEBOOK_GRAPH_URL: graph.url,
      RECAPTCHA_VERIFY_URL: recaptcha.url,
      AUTH_RATE_LIMIT_MAX: '1000',
      // sofia has no Google client: with the identity sandbox off, it has no Google sign-in at all.
      IDENTITY_SANDBOX: 'false',
    });
    call = caller(t.app);
    // The localhost channel turns on Google, Facebook and reCAPTCHA; sofia keeps none of them.
    await t.database.db
      .update(channels)
      .set({
        extras: sql`jsonb_set(jsonb_set(jsonb_set(jsonb_set(${channels.extras},
          '{providers,googleClientId}', ${JSON.stringify(GOOGLE_CLIENT)}::jsonb),
          '{providers,facebookAppId}', '"fb-app"'::jsonb),
          '{secrets,facebookAppSecret}', '"fb-secret"'::jsonb),
          '{secrets,recaptchaSecret}', '"captcha-secret"'::jsonb)`,
      })
      .where(eq(channels.slug, 'heartland'));
  });
  afterAll(async () => {
    await t.close();
    for (const s of servers) await s.close();
  });

  const error = (res: { json(): unknown }) => errorBodySchema.parse(res.json()).error;
  const social = async (provider: string, body: object, host = 'localhost') =>
    call({
      method: 'POST',
      url: `/api/v2/auth/social/${provider}`,
      key: await guestKey(t.app, host === 'localhost' ? undefined : 'ssn_demo_channel_key_sofia'),
      body,
      host,
    });

  it('signs up with Google only after the terms are accepted, then signs the same account in', async () => {
    const token = await sign({
      sub: 'g-123',
      email: 'g.fan@example.org',
      email_verified: true,
      given_name: 'Gia',
      family_name: 'Goo',
    });
    const first = await social('google', { token });
    expect(first.statusCode).toBe(400);
    expect(error(first).message).toBe('You are not registered yet. Please accept terms...');

    const created = await social('google', { token, terms_accepted: true });
    expect(created.statusCode).toBe(200);
    expect(created.json().data.user).toMatchObject({
      email: 'g.fan@example.org',
      first_name: 'Gia',
      email_verified: true,
    });

    const again = await social('google', { token });
    expect(again.json().data.user.id).toBe(created.json().data.user.id);
  });

  it('refuses forged, foreign-audience and expired Google tokens with "Wrong auth data"', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ sub: 'x', email: 'x@example.org', email_verified: true })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer('https://accounts.google.com')
      .setAudience(GOOGLE_CLIENT)
      .setExpirationTime('5m')
      .sign(privateKey);
    expect(error(await social('google', { token: forged, terms_accepted: true }))).toMatchObject({
      code: 'wrong_auth_data',
      message: 'Wrong auth data',
    });
    const expired = await sign({ sub: 'y', email: 'y@example.org' }, { expires: Math.floor(Date.now() / 1000) - 60 });
    expect(error(await social('google', { token: expired, terms_accepted: true })).message).toBe('Wrong auth data');
    const foreign = await sign(
      { sub: 'z', email: 'z@example.org' },
      { audience: 'another-app.apps.googleusercontent.com' },
    );
    expect(error(await social('google', { token: foreign, terms_accepted: true })).message).toBe('Wrong auth data');
  });

  it('links a Facebook sign-in to the account with the same verified e-mail', async () => {
    const ok = await social('facebook', { token: 'fb-good-token', terms_accepted: true });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.user.email).toBe('fb.fan@example.org');
    expect(error(await social('facebook', { token: 'fb-bad-token', terms_accepted: true })).message).toBe(
      'Wrong auth data',
    );
  });

  it('refuses providers the channel has not configured', async () => {
    const res = await social('google', { token: 'whatever-token-123', terms_accepted: true }, 'sofia.localhost');
    expect(res.statusCode).toBe(404);
    expect(error(res).code).toBe('provider_not_configured');
    expect((await social('twitter', { token: 'whatever-token-123' })).statusCode).toBe(400);
  });

  it('asks registrations for a reCAPTCHA token when the channel has reCAPTCHA', async () => {
    const fan = {
      first_name: 'Rob',
      last_name: 'Ot',
      email: 'rob@example.org',
      password: 'correct horse 1',
      password_confirmation: 'correct horse 1',
      terms_accepted: true,
    };
    const register = async (extra: object) =>
      call({ method: 'POST', url: '/api/v2/auth/register', key: await guestKey(t.app), body: { ...fan, ...extra } });
    expect(error(await register({})).message).toBe('recaptcha token required');
    expect(error(await register({ recaptcha_token: 'bot' })).message).toBe('invalid or robot');
    expect((await register({ recaptcha_token: 'human' })).statusCode).toBe(201);
  });
});
