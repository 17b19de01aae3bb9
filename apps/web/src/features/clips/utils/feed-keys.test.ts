import { describe, expect, it } from 'vitest';
import { feedPreload, feedStep } from './feed-keys';

const plain = { modifier: false, typing: false };

describe('the moments feed keys', () => {
  it('moves down with ArrowDown or J, up with ArrowUp or K', () => {
    expect(['ArrowDown', 'j', 'J', 'ArrowUp', 'k', 'K'].map((key) => feedStep(key, plain))).toEqual([
      1, 1, 1, -1, -1, -1,
    ]);
  });

  it('leaves other keys, shortcuts with a modifier, and typing alone', () => {
    expect(feedStep(' ', plain)).toBeNull();
    expect(feedStep('ArrowDown', { modifier: true, typing: false })).toBeNull();
    expect(feedStep('j', { modifier: false, typing: true })).toBeNull();
  });

  it('preloads the clip in view and the next one only', () => {
    expect([0, 1, 2, 3, 4].map((i) => feedPreload(i, 2))).toEqual(['none', 'none', 'auto', 'auto', 'none']);
  });
});
