import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Response as LightMyRequestResponse } from 'light-my-request';
import { type App, type AppDeps, buildApp } from '../../src/app';
import type { Services } from '../../src/composition/services';
import { loadConfig } from '../../src/config/env';
import type { Database } from '../../src/db/client';
import { TEST_PASSWORD_COST } from './seed-test-data';
import { type DbKind, openTestDatabase } from './test-database';

export type TestApp = {
  app: App;
  /** The app's own services (composition/services.ts): tests drain its jobs, move its billing clock, package media. */
  services: Services;
  database: Database;
  outboxDir: string;
  dataDir: string;
  close(): Promise<void>;
};

/** The settings of an app under test: its own data folder, cheap hashes, no web build, no clock of its own. */
export const testConfig = (dataDir: string, env: Record<string, string> = {}) =>
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    PASSWORD_HASH_COST: String(TEST_PASSWORD_COST),
    // Tests move the clock themselves.
    EVENT_STATUS_SWEEP_MS: '0',
    BILLING_SWEEP_MS: '0',
    // A game's own recording would be encoded behind every suite that plays one; its own test turns it on.
    GAME_RECORDINGS: 'false',
    // Tests that publish turn the RTMP ingest on, on a free port.
    INGEST_ENABLED: 'false',
    ...env,
  });

/** The real app on a private copy of the seeded database, driven through `app.inject`. */
export async function createTestApp(
  kind: DbKind,
  env: Record<string, string> = {},
  overrides: Pick<AppDeps, 'social' | 'recaptcha' | 'sandboxSubscriptions' | 'plans' | 'logger'> = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sideline-api-test-'));
  const config = testConfig(dataDir, env);
  const database = await openTestDatabase(kind);
  const { app, services } = await buildApp({ config, database, logger: false, ...overrides });
  await app.ready();
  return {
    app,
    services,
    database,
    outboxDir: config.outboxDir,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const HEARTLAND_KEY = 'hcn_demo_channel_key_localhost';
export const SOFIA_KEY = 'ssn_demo_channel_key_sofia';

/** A fresh guest key for a channel. */
export async function guestKey(app: App, channelKey = HEARTLAND_KEY): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/get_api_key', payload: { channel_key: channelKey } });
  if (res.statusCode !== 201) throw new Error(`get_api_key failed: ${res.statusCode} ${res.body}`);
  return res.json().data.api_key;
}

/** The password of every fan the demo seed makes (README). */
export const DEMO_PASSWORD = 'Sideline-demo-1';

/** Signs in one of the demo seed's fans (Heartland's `fan@heartland.example` unless named): the session's api key. */
export async function demoFanKey(
  app: App,
  email = 'fan@heartland.example',
  channel: { key: string; host: string } = { key: HEARTLAND_KEY, host: 'localhost' },
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v2/auth/login',
    headers: { host: channel.host },
    payload: { email, password: DEMO_PASSWORD, api_key: await guestKey(app, channel.key) },
  });
  if (res.statusCode !== 200) throw new Error(`login of ${email} failed: ${res.statusCode} ${res.body}`);
  return res.json().data.api_key;
}

export type Inject = (opts: {
  method?: 'GET' | 'POST' | 'DELETE';
  url: string;
  key?: string;
  body?: object;
  host?: string;
  /** The caller's address (`request.ip`); light-my-request's default is 127.0.0.1. */
  remoteAddress?: string;
}) => Promise<LightMyRequestResponse>;

/** A call the way the web client makes it: the key in the query for GET/DELETE, in the JSON body otherwise. */
export function caller(app: App): Inject {
  return ({ method = 'GET', url, key, body, host = 'localhost', remoteAddress }) => {
    const withKey =
      key && (method === 'GET' || method === 'DELETE')
        ? `${url}${url.includes('?') ? '&' : '?'}api_key=${encodeURIComponent(key)}`
        : url;
    return app.inject({
      method,
      url: withKey,
      headers: { host },
      ...(remoteAddress ? { remoteAddress } : {}),
      ...(method === 'POST' ? { payload: { ...(body ?? {}), ...(key ? { api_key: key } : {}) } } : {}),
    });
  };
}
