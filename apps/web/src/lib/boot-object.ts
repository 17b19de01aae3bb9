/**
 * What the page's start shares between scripts that cannot import each other: the inline early start
 * (early-start.js, before any module), the entry's start (build/start-after-first-paint.ts), the warm stream (the
 * hls chunk, which shares no code with the shell) and the app. One global, typed here and reached only through
 * `bootValue` and `setBootValue`. This module imports nothing, so the build keeps it in a chunk of its own that
 * both the shell and the warm stream may import (vite.config.ts).
 */

/** An answer the page got before the app's code asked (taken by src/lib/early-answers.ts). */
export type EarlyAnswer = { status: number; body: unknown; key?: string };

export type BootObject = {
  /** The early start's answers by "METHOD address": the server's boot answers and the calls it made. */
  early?: Map<string, Promise<EarlyAnswer | null>>;
  /** On a game's page: the address of the game's stream to start at once (no preroll), or null. */
  warmStream?: Promise<string | null>;
  /** Called by the warm stream once the game's first frame is on screen in the splash, or it will not be. */
  firstFrameShown?: () => void;
  /** What the entry waits for on a game's page before its code runs (at most a limit): the first frame's paint. */
  entryHold?: Promise<unknown>;
  /** The warm stream's video while it shows in the start-up splash (the app's splash takes it). */
  splashVideo?: HTMLVideoElement | null;
  /** React DOM's marker errors, made where the stack is small (build/react-markers.ts says why). */
  reactMarkers?: Record<number, Error>;
};

/** The global's name; the inline scripts get it from the build (build/early-start.ts). */
export const BOOT_GLOBAL = '__sideline';

/** Dispatched on window when `splashVideo` changes. */
export const SPLASH_VIDEO_EVENT = 'sideline:splash-video';

type BootHost = { [BOOT_GLOBAL]?: BootObject };

const bootObject = (): BootObject => {
  const host = globalThis as BootHost;
  host[BOOT_GLOBAL] ??= {};
  return host[BOOT_GLOBAL];
};

export function bootValue<K extends keyof BootObject>(key: K): BootObject[K] {
  return bootObject()[key];
}

export function setBootValue<K extends keyof BootObject>(key: K, value: BootObject[K]) {
  bootObject()[key] = value;
}
