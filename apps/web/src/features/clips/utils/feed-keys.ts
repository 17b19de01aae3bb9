/** The feed's keys: ArrowDown or J to the next clip, ArrowUp or K to the previous one. */
export function feedStep(key: string, context: { modifier: boolean; typing: boolean }): -1 | 1 | null {
  // A shortcut with Ctrl/Alt/Meta is the browser's, and a fan typing in a field types.
  if (context.modifier || context.typing) return null;
  if (key === 'ArrowDown' || key === 'j' || key === 'J') return 1;
  if (key === 'ArrowUp' || key === 'k' || key === 'K') return -1;
  return null;
}

/** The preload of a clip's video: the one playing and the next load ahead; the others wait (their poster shows). */
export const feedPreload = (index: number, active: number): 'auto' | 'none' =>
  index === active || index === active + 1 ? 'auto' : 'none';
