/**
 * The API's OpenAPI document, as the running server serves it at /api/docs/json. The typed web client is generated
 * from it (packages/api-client), so the document is the one contract both sides are checked against.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config/env';
import { openDatabase } from '../db/client';

/** The document of an app built on an empty in-memory database: routes and schemas need no data. */
export async function openapiDocument(): Promise<unknown> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sideline-openapi-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    SEED_DEMO: 'false',
    LIVE_SIMULATOR: 'false',
    EVENT_STATUS_SWEEP_MS: '0',
  });
  const database = await openDatabase({ kind: 'pglite' });
  const { app } = await buildApp({ config, database, logger: false });
  try {
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Stable text: the same routes and schemas give the same bytes. */
export const documentText = (doc: unknown) => `${JSON.stringify(doc, null, 2)}\n`;
