import type { Clip } from '@sideline/contract/clips';

/** How often a list with a clip still being made asks again: a clip is usually ready within seconds. */
export const CLIP_POLL_MS = 1500;

/** A clip the server is still making (queued, or being cut). */
export const isPending = (clip: Pick<Clip, 'status'>) => clip.status === 'queued' || clip.status === 'processing';

/**
 * The `refetchInterval` of a clip list: poll while one of the fan's own clips is still being made, stop once
 * every one is ready or failed (others' clips are listed only when ready, so only the fan's own can be pending).
 */
export const clipPollInterval = (clips: readonly Pick<Clip, 'status'>[] | undefined): number | false =>
  clips?.some(isPending) ? CLIP_POLL_MS : false;
