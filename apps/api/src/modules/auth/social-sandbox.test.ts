import { createHash, randomBytes } from 'node:crypto';
import { errorBodySchema } from '@sideline/contract/errors';
import { eq, sql } from 'drizzle-orm';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  caller,
  createTestApp,
  DEMO_PASSWORD,
  guestKey,
  type Inject,
  type TestApp,
  testConfig,
} from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import { buildApp } from '../../app';
import { channels } from '../channel/channel.table';
import { loadSandboxKeys } from '../identity-sandbox';

const SOFIA_KEY = 'ssn_demo_channel_key_sofia';
const HEARTLAND_CLIENT = 'heartland.sandbox.apps.sideline.localhost';
const ISSUER = 'http://localhost/identity-sandbox';
type Identity = { email: string; given_name?: string; family_name?: string; verified?: boolean };

/**
 * Social sign-in through the offline identity sandbox, driven as a browser and the web app drive it: discovery,
 * the consent page, the code, the token endpoint with the PKCE verifier, then the API's social sign-in, which
 * verifies the ID token on Google's code path (issuer, audience, RS256 signature from the key set, expiry, nonce).
 */
describe.each(dbKinds())('Google sign-in through the identity sandbox on %s', (kind) => {
  let t: TestApp;
  let call: Inject;

  beforeAll(async () => {
    t = await createTestApp(kind, { AUTH_RATE_LIMIT_MAX: '1000' });
    call = caller(t.app);
  });
  afterAll(() => t.close());

  const error = (res: { json(): unknown }) => errorBodySchema.parse(res.json()).error;
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

  /** The sandbox's code flow on `host`: the ID token and the nonce the client sent. */
  async function sandboxToken(who: Identity, host = 'localhost') {
    const discovery = await t.app.inject({
      url: '/identity-sandbox/.well-known/openid-configuration',
      headers: { host },
    });
    expect(discovery.statusCode).toBe(200);
    const { authorization_endpoint, token_endpoint, issuer } = discovery.json();
    const channel = (await t.app.inject({ url: '/channel.json', headers: { host } })).json();
    const verifier = randomBytes(32).toString('base64url');
    const params = {
      client_id: channel.providers.google.client_id,
      redirect_uri: `http://${host}/login`,
      response_type: 'code',
      scope: 'openid email profile',
      state: randomBytes(8).toString('hex'),
      nonce: randomBytes(16).toString('base64url'),
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    };
    const authorize = new URL(authorization_endpoint);
    const page = await t.app.inject({ url: `${authorize.pathname}?${form(params)}`, headers: { host } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sandbox identity provider');
    const consent = await t.app.inject({
      method: 'POST',
      url: authorize.pathname,
      headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({
        ...params,
        decision: 'allow',
        email: who.email,
        given_name: who.given_name ?? 'Sandy',
        family_name: who.family_name ?? 'Box',
        ...(who.verified === false ? {} : { email_verified: 'true' }),
      }),
    });
    expect(consent.statusCode).toBe(303);
    const back = new URL(consent.headers.location as string);
    expect(`${back.origin}${back.pathname}`).toBe(params.redirect_uri);
    expect(back.searchParams.get('state')).toBe(params.state);
    const tokens = await t.app.inject({
      method: 'POST',
      url: new URL(token_endpoint).pathname,
      headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({
        grant_type: 'authorization_code',
        code: back.searchParams.get('code') ?? '',
        redirect_uri: params.redirect_uri,
        client_id: params.client_id,
        code_verifier: verifier,
      }),
    });
    expect(tokens.statusCode).toBe(200);
    return { token: tokens.json().id_token as string, nonce: params.nonce, issuer: issuer as string };
  }

  const social = async (body: object, host = 'localhost') =>
    call({
      method: 'POST',
      url: '/api/v2/auth/social/google',
      key: await guestKey(t.app, host === 'localhost' ? undefined : SOFIA_KEY),
      body,
      host,
    });

  it('offers Google through the sandbox in the channel file, with its discovery document and key set', async () => {
    const file = (await call({ url: '/channel.json' })).json();
    expect(file.providers.google).toEqual({
      client_id: HEARTLAND_CLIENT,
      sandbox_discovery: '/identity-sandbox/.well-known/openid-configuration',
    });
    const discovery = (await call({ url: file.providers.google.sandbox_discovery })).json();
    expect(discovery).toMatchObject({ issuer: ISSUER, jwks_uri: `${ISSUER}/jwks`, token_endpoint: `${ISSUER}/token` });
    const jwks = (await call({ url: '/identity-sandbox/jwks' })).json();
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0].d).toBeUndefined();
  });

  it('creates a new account: the terms first, then a verified account; the same Google account signs in again', async () => {
    const { token, nonce } = await sandboxToken({ email: 'New.Sandbox@Example.org', given_name: 'Nia' });
    const first = await social({ token, nonce });
    expect(first.statusCode).toBe(400);
    expect(error(first).code).toBe('terms_required');
    const created = await social({ token, nonce, terms_accepted: true });
    expect(created.statusCode).toBe(200);
    expect(created.json().data.user).toMatchObject({
      email: 'new.sandbox@example.org',
      first_name: 'Nia',
      email_verified: true,
    });
    const again = await sandboxToken({ email: 'new.sandbox@example.org' });
    const back = await social({ token: again.token, nonce: again.nonce });
    expect(back.json().data.user.id).toBe(created.json().data.user.id);
  });

  it('links the account registered with a password to the verified Google address; both sign-ins keep working', async () => {
    const password = await call({
      method: 'POST',
      url: '/api/v2/auth/login',
      key: await guestKey(t.app),
      body: { email: 'fan@heartland.example', password: DEMO_PASSWORD },
    });
    const fanId = password.json().data.user.id;
    const { token, nonce } = await sandboxToken({ email: 'fan@heartland.example' });
    const linked = await social({ token, nonce });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().data.user.id).toBe(fanId);
    const stillPassword = await call({
      method: 'POST',
      url: '/api/v2/auth/login',
      key: await guestKey(t.app),
      body: { email: 'fan@heartland.example', password: DEMO_PASSWORD },
    });
    expect(stillPassword.json().data.user.id).toBe(fanId);
  });

  it('refuses an address already registered when the provider has not verified it (no account taken over)', async () => {
    const { token, nonce } = await sandboxToken({ email: 'coach@heartland.example', verified: false });
    const res = await social({ token, nonce, terms_accepted: true });
    expect(res.statusCode).toBe(409);
    expect(error(res).code).toBe('email_taken');
  });

  it('refuses a token for another channel, an expired one, a forged one and one with another nonce', async () => {
    const wrongAudience = await sandboxToken({ email: 'roam@example.org' }, 'sofia.localhost');
    expect(error(await social({ token: wrongAudience.token, nonce: wrongAudience.nonce })).code).toBe(
      'wrong_auth_data',
    );

    const { privateKey, kid } = await loadSandboxKeys(t.dataDir);
    const claims = { email: 'late@example.org', email_verified: true, nonce: 'n'.repeat(20) };
    const expired = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer(ISSUER)
      .setAudience(HEARTLAND_CLIENT)
      .setSubject('late-subject')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(privateKey);
    const late = await social({ token: expired, nonce: claims.nonce, terms_accepted: true });
    expect(late.statusCode).toBe(401);
    expect(error(late)).toMatchObject({ code: 'wrong_auth_data', message: 'Wrong auth data' });

    const other = await generateKeyPair('RS256');
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer(ISSUER)
      .setAudience(HEARTLAND_CLIENT)
      .setSubject('forged-subject')
      .setExpirationTime('5m')
      .sign(other.privateKey);
    expect(error(await social({ token: forged, nonce: claims.nonce, terms_accepted: true })).code).toBe(
      'wrong_auth_data',
    );

    const good = await sandboxToken({ email: 'nonce@example.org' });
    expect(error(await social({ token: good.token, nonce: 'x'.repeat(22), terms_accepted: true })).code).toBe(
      'wrong_auth_data',
    );
    expect(error(await social({ token: good.token, terms_accepted: true })).code).toBe('wrong_auth_data');
    expect((await social({ token: good.token, nonce: good.nonce, terms_accepted: true })).statusCode).toBe(200);
  });

  it('answers bad sandbox requests with 400 in the common error body: a foreign redirect, a reused code', async () => {
    const bad = await call({
      url: `/identity-sandbox/authorize?${form({
        client_id: HEARTLAND_CLIENT,
        redirect_uri: 'https://evil.example/steal',
        response_type: 'code',
        scope: 'openid email',
        nonce: 'n'.repeat(20),
        code_challenge: 'c'.repeat(43),
        code_challenge_method: 'S256',
      })}`,
    });
    expect(bad.statusCode).toBe(400);
    expect(error(bad)).toMatchObject({ code: 'bad_request', field: 'redirect_uri' });
    const token = await t.app.inject({
      method: 'POST',
      url: '/identity-sandbox/token',
      headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({
        grant_type: 'authorization_code',
        code: 'not-a-code',
        redirect_uri: 'http://localhost/login',
        client_id: HEARTLAND_CLIENT,
        code_verifier: 'v'.repeat(43),
      }),
    });
    expect(token.statusCode).toBe(400);
    expect(error(token)).toMatchObject({ code: 'bad_request', field: 'code' });
  });

  it('leaves a channel with a real Google client to Google, and a production server refuses the sandbox beside it', async () => {
    const sandboxed = await sandboxToken({ email: 'switch@example.org' });
    await t.database.db
      .update(channels)
      .set({
        extras: sql`jsonb_set(${channels.extras}, '{providers,googleClientId}', '"real.apps.googleusercontent.com"'::jsonb)`,
      })
      .where(eq(channels.slug, 'heartland'));
    try {
      const production = testConfig(t.dataDir, { NODE_ENV: 'production', IDENTITY_SANDBOX: 'true' });
      await expect(buildApp({ config: production, database: t.database, logger: false })).rejects.toThrow(
        /IDENTITY_SANDBOX is on in production while channels use real Google sign-in \(heartland\)/,
      );
      const { app: other } = await buildApp({ config: testConfig(t.dataDir), database: t.database, logger: false });
      try {
        await other.ready();
        const c = caller(other);
        expect((await c({ url: '/identity-sandbox/.well-known/openid-configuration' })).statusCode).toBe(404);
        const res = await c({
          method: 'POST',
          url: '/api/v2/auth/social/google',
          key: await guestKey(other),
          body: { token: sandboxed.token, nonce: sandboxed.nonce, terms_accepted: true },
        });
        expect(error(res).code).toBe('wrong_auth_data');
      } finally {
        await other.close();
      }
    } finally {
      await t.database.db
        .update(channels)
        .set({ extras: sql`jsonb_set(${channels.extras}, '{providers,googleClientId}', 'null'::jsonb)` })
        .where(eq(channels.slug, 'heartland'));
    }
  });
});
