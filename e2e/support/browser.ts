import { type Browser, type BrowserContext, chromium, type LaunchOptions } from 'playwright-core';
import { beforeAll, inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's one Chromium, launched in support/global-setup.ts, which every file connects to. */
    browserWsEndpoint: string;
  }
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with the flags this machine needs (no sandbox as root, no background traffic). */
export const launchOptions: LaunchOptions = {
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

/** A Chromium of its own, for the benchmarks (they run outside the browser suites' shared one). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch(launchOptions);
}

/**
 * A connection to the run's one Chromium (launched in support/global-setup.ts): connecting takes a fraction of what
 * launching a browser per file took. Closing the connection closes the contexts opened through it, and only them;
 * every test still opens a fresh context of its own (newContext), so no storage is shared between tests.
 */
export function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserWsEndpoint'));
}

/**
 * The Chromium of the suite (the describe block) it is called in: connected before the suite's first test,
 * disconnected (its contexts closed) after its last. A getter, as the browser exists only once the suite has started.
 */
export function suiteBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await connectBrowser();
    return async () => {
      await browser?.close();
    };
  });
  return () => {
    if (!browser) throw new Error('the suite browser is used before its suite started');
    return browser;
  };
}

/** A fresh, isolated browser profile (no storage shared with other tests). */
export function newContext(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
}
