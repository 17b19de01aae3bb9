import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * What the whole-system suites share (a PostgreSQL or Redis restart, a crash of the server; project `api-system`):
 * a server with only the API and its database, and a poll for what a server does in its own time.
 */

/** No demo, no media, no encoder, no clocks; a cheap password hash so sign-ups do not take the cores. */
export const API_ONLY_ENV = {
  SEED_DEMO: 'false',
  DEMO_MEDIA: 'false',
  LIVE_SIMULATOR: 'false',
  EVENT_STATUS_SWEEP_MS: '0',
  BILLING_SWEEP_MS: '0',
  PASSWORD_HASH_COST: '10',
} as const;

/**
 * A cluster started by a test or a bench (deploy/cluster): the demo's recordings short and cached between runs, so
 * a finished game is packaged in seconds, and a killed worker's clip cut taken up within seconds (the defaults are
 * minutes).
 */
export const QUICK_CLUSTER_ENV = {
  DEMO_GAME_S: '12',
  DEMO_MEDIA_CACHE_DIR: path.join(tmpdir(), 'sideline-media-cache'),
  CLIP_LEASE_MS: '8000',
  CLIP_SWEEP_MS: '500',
} as const;

/**
 * Calls `get` every `intervalMs` until it gives a value (anything but `undefined` or `false`) and returns it; fails
 * naming `what` after `timeoutMs`.
 */
export async function waitUntil<T>(
  what: string,
  get: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs: number,
  intervalMs = 100,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await get();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
