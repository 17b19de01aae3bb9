import type Hls from 'hls.js/light';

/**
 * The one place the app reaches into hls.js's private members (its typings do not have them): the stream
 * controller's state and remuxer, which the move of a playing stream's remuxing to hls.js's worker needs
 * (hooks/warm-stream.ts, remuxInWorkerOnceSettled). hls-internals.test.ts checks them on a real instance, so an
 * hls.js upgrade that renames or reshapes them fails there, not silently in a fan's player.
 */
type StreamController = { state?: unknown; transmuxer?: { destroy(): void } | null };

const streamControllerOf = (hls: Hls): StreamController | undefined =>
  (hls as unknown as { streamController?: StreamController }).streamController;

/**
 * Whether no segment's data is in the remuxer: the stream controller is idle, or loading a segment that is handed
 * over whole (hls.js's `progressive` off). False when the controller is not where this module expects it.
 */
export function remuxerIsIdle(hls: Hls): boolean {
  const state = streamControllerOf(hls)?.state;
  return state === 'IDLE' || (state === 'FRAG_LOADING' && !hls.config.progressive);
}

/**
 * Drops the stream's remuxer, so hls.js makes a new one with the next segment (reading `enableWorker` then), as
 * hls.js itself does when its worker fails. Returns whether there was a stream controller to do it on.
 */
export function dropRemuxer(hls: Hls): boolean {
  const controller = streamControllerOf(hls);
  if (!controller) return false;
  controller.transmuxer?.destroy();
  controller.transmuxer = null;
  return true;
}
