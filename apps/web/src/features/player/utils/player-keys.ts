/** What a key does to the player (YouTube's conventions, which fans know). */
export type KeyAction =
  | { type: 'toggle' }
  | { type: 'seek'; by: number }
  | { type: 'volume'; by: number }
  | { type: 'mute' }
  | { type: 'fullscreen' };

/**
 * The action of a key pressed in the player, or null to leave it alone. `onControl` is true when the focus is
 * on one of the player's buttons or sliders: Space and Enter then press that control, and the arrows move a
 * focused slider, as the platform does.
 */
export function playerKeyAction(
  key: string,
  { onControl, onSlider, modifier }: { onControl: boolean; onSlider: boolean; modifier: boolean },
): KeyAction | null {
  if (modifier) return null;
  switch (key) {
    case ' ':
    case 'Spacebar':
      return onControl ? null : { type: 'toggle' };
    case 'k':
    case 'K':
      return { type: 'toggle' };
    case 'ArrowLeft':
      return onSlider ? null : { type: 'seek', by: -5 };
    case 'ArrowRight':
      return onSlider ? null : { type: 'seek', by: 5 };
    case 'j':
    case 'J':
      return { type: 'seek', by: -10 };
    case 'l':
    case 'L':
      return { type: 'seek', by: 10 };
    case 'ArrowUp':
      return onSlider ? null : { type: 'volume', by: 0.1 };
    case 'ArrowDown':
      return onSlider ? null : { type: 'volume', by: -0.1 };
    case 'm':
    case 'M':
      return { type: 'mute' };
    case 'f':
    case 'F':
      return { type: 'fullscreen' };
    default:
      return null;
  }
}

/** A seek target kept inside what can be played: the rewind window of a live stream, the length of a game. */
export function clampSeek(target: number, seekable: TimeRanges): number {
  if (!seekable.length) return Math.max(0, target);
  const start = seekable.start(0);
  const end = seekable.end(seekable.length - 1);
  return Math.min(Math.max(target, start), end);
}
