import { type Browser, type BrowserContext, chromium, type LaunchOptions } from 'playwright-core';

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

export function launchBrowser(): Promise<Browser> {
  return chromium.launch(launchOptions);
}

/** A fresh, isolated browser profile (no storage shared with other tests). */
export function newContext(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
}
