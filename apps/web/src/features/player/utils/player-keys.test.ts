import { describe, expect, it } from 'vitest';
import { clampSeek, playerKeyAction } from './player-keys';

const free = { onControl: false, onSlider: false, modifier: false };

describe('player keys', () => {
  it('space and K play or pause; arrows seek 5 s, J and L 10 s; M mutes; F goes full screen', () => {
    expect(playerKeyAction(' ', free)).toEqual({ type: 'toggle' });
    expect(playerKeyAction('k', free)).toEqual({ type: 'toggle' });
    expect(playerKeyAction('ArrowLeft', free)).toEqual({ type: 'seek', by: -5 });
    expect(playerKeyAction('ArrowRight', free)).toEqual({ type: 'seek', by: 5 });
    expect(playerKeyAction('j', free)).toEqual({ type: 'seek', by: -10 });
    expect(playerKeyAction('l', free)).toEqual({ type: 'seek', by: 10 });
    expect(playerKeyAction('ArrowUp', free)).toEqual({ type: 'volume', by: 0.1 });
    expect(playerKeyAction('m', free)).toEqual({ type: 'mute' });
    expect(playerKeyAction('f', free)).toEqual({ type: 'fullscreen' });
    expect(playerKeyAction('x', free)).toBeNull();
  });

  it('leaves Space to a focused button and arrows to a focused slider', () => {
    expect(playerKeyAction(' ', { ...free, onControl: true })).toBeNull();
    expect(playerKeyAction('k', { ...free, onControl: true })).toEqual({ type: 'toggle' });
    expect(playerKeyAction('ArrowLeft', { onControl: true, onSlider: true, modifier: false })).toBeNull();
  });

  it('leaves shortcuts with Ctrl, Alt or Meta to the browser', () => {
    expect(playerKeyAction('f', { ...free, modifier: true })).toBeNull();
  });

  it('keeps seeks within the seekable range', () => {
    const ranges = { length: 1, start: () => 100, end: () => 820 } as unknown as TimeRanges;
    expect(clampSeek(90, ranges)).toBe(100);
    expect(clampSeek(900, ranges)).toBe(820);
    expect(clampSeek(300, ranges)).toBe(300);
    expect(clampSeek(-3, { length: 0 } as unknown as TimeRanges)).toBe(0);
  });
});
