import { PREROLL_SUPPRESSION_MS } from '@sideline/contract/constants';
import { describe, expect, it } from 'vitest';
import { createStorage, memoryStorage } from '@/lib/storage';
import { createPrerollSuppression } from './preroll-suppression';

function setup() {
  let now = 1_000_000;
  const storage = createStorage(memoryStorage(), () => now);
  return { suppression: createPrerollSuppression(storage), advance: (ms: number) => (now += ms), now: () => now };
}

describe('preroll suppression', () => {
  it('plays the preroll until one has finished', () => {
    const { suppression } = setup();
    expect(suppression.isSuppressed(7, 12)).toBe(false);
  });

  it('skips it for the same viewer and event for one hour, then plays it again', () => {
    const { suppression, advance, now } = setup();
    suppression.markFinished(7, 12, now());
    expect(suppression.isSuppressed(7, 12)).toBe(true);
    advance(PREROLL_SUPPRESSION_MS - 1);
    expect(suppression.isSuppressed(7, 12)).toBe(true);
    advance(1);
    expect(suppression.isSuppressed(7, 12)).toBe(false);
  });

  it('keeps viewers and events apart (a guest is a viewer of its own)', () => {
    const { suppression, now } = setup();
    suppression.markFinished('guest', 12, now());
    expect(suppression.isSuppressed('guest', 12)).toBe(true);
    expect(suppression.isSuppressed(7, 12)).toBe(false);
    expect(suppression.isSuppressed('guest', 13)).toBe(false);
  });
});
