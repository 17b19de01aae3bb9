import { existsSync } from 'node:fs';
import path from 'node:path';
import { type BrowserServer, chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_PATH, launchOptions } from './browser';
import { DEMO_MEDIA_CACHE, waitForDemoMedia } from './media';
import { REPO_ROOT, type RunningServer, startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    port: number;
    /** The shared server's data folder: its mail outbox is `<dataDir>/outbox`. */
    dataDir: string;
  }
}

let server: RunningServer | undefined;
let browserServer: BrowserServer | undefined;

/**
 * The shared server: one address runs every browser suite, so the per-address limits on keys and sign-ins are
 * raised; demo media is cached across runs; the live encoder is off here (the live suites start their own).
 */
export const SHARED_SERVER_ENV = {
  API_KEY_RATE_LIMIT_MAX: '100000',
  AUTH_RATE_LIMIT_MAX: '100000',
  LOGIN_MAX_FAILURES: '1000',
  DEMO_MEDIA_CACHE_DIR: DEMO_MEDIA_CACHE,
  LIVE_SIMULATOR: 'false',
  // Half-minute games are enough to play, seek and switch renditions, and quick to package on a clean machine.
  DEMO_GAME_S: '30',
};

/** One server for the browser suites, started as the README does, on a fresh data folder. */
export async function setup(project: TestProject) {
  if (!existsSync(path.join(REPO_ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('The web app is not built: run `npm run build` first (npm run test:all does).');
  }
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: install Debian's chromium (npm run test:all does as root).`,
    );
  }
  const browserLaunch = chromium.launchServer(launchOptions);
  try {
    server = await startServer(SHARED_SERVER_ENV);
    browserServer = await browserLaunch;
    // The watch suites need the packaged games; the first run on a machine packages them (cached afterwards).
    await waitForDemoMedia(server.dataDir);
  } catch (err) {
    // Vitest skips the teardown of a setup that failed: nothing started here may outlive the run.
    await Promise.all([
      server?.stop(),
      browserLaunch.then(
        (browser) => browser.close(),
        () => {},
      ),
    ]);
    throw err;
  }
  project.provide('browserWsEndpoint', browserServer.wsEndpoint());
  project.provide('baseUrl', server.url);
  project.provide('port', server.port);
  project.provide('dataDir', server.dataDir);
}

export async function teardown() {
  await Promise.all([server?.stop(), browserServer?.close()]);
}
