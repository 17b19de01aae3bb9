import { describe, expect, it } from 'vitest';
import { CLIP_POLL_MS, clipPollInterval, isPending } from './clip-state';

describe('clip list polling', () => {
  it('polls while a clip is queued or processing', () => {
    expect(clipPollInterval([{ status: 'ready' }, { status: 'queued' }])).toBe(CLIP_POLL_MS);
    expect(clipPollInterval([{ status: 'processing' }])).toBe(CLIP_POLL_MS);
  });

  it('stops once every clip is ready or failed, and for an empty or unloaded list', () => {
    expect(clipPollInterval([{ status: 'ready' }, { status: 'failed' }])).toBe(false);
    expect(clipPollInterval([])).toBe(false);
    expect(clipPollInterval(undefined)).toBe(false);
  });

  it('polls at most every 2 s, so a clip ready in a second shows soon', () => {
    expect(CLIP_POLL_MS).toBeGreaterThanOrEqual(1000);
    expect(CLIP_POLL_MS).toBeLessThanOrEqual(2000);
  });

  it('counts queued and processing as pending, not ready or failed', () => {
    expect(['queued', 'processing', 'ready', 'failed'].map((status) => isPending({ status } as never))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
