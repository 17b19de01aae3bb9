// Relative, not '@/': the build's config loads this file (build/react-markers.ts), without the app's aliases.
import { setBootValue } from '../lib/boot-object';

/**
 * The errors React DOM creates as it loads, to throw and compare by identity (its codes: a hydration mismatch, a
 * suspending component, a suspensey commit, a suspending action, selective hydration), made here instead, with the
 * same messages (build/react-markers.ts says why).
 */
export const REACT_MARKER_CODES = [519, 460, 474, 542, 461] as const;

const message = (code: number) =>
  `Minified React error #${code}; visit https://react.dev/errors/${code} for the full message or use the non-minified dev environment for full errors and additional helpful warnings.`;

/**
 * Call from a task's or a promise's callback, so the stack V8 reads positions for is that small function, not a
 * whole module.
 */
export function makeReactMarkers() {
  setBootValue('reactMarkers', Object.fromEntries(REACT_MARKER_CODES.map((code) => [code, new Error(message(code))])));
}
