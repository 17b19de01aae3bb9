import type { Plugin } from 'vite';
import { REACT_MARKER_CODES } from '../src/app/react-markers.ts';
import { BOOT_GLOBAL } from '../src/lib/boot-object.ts';

const REACT_DOM_CLIENT = /[\\/]react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/;

/**
 * React DOM creates a few errors as its module is evaluated: markers it throws and compares by identity (a
 * suspending component, a hydration mismatch). Where the page is inspected (Lighthouse, PageSpeed Insights, the
 * benchmarks' Chromium), each new error takes a detailed stack trace, and V8 re-parses every function on the stack
 * for its source positions: React DOM's whole module, a task of 300 to 450 ms at Lighthouse's 4x slowdown. This
 * build has React DOM take those markers ready made, created by the boot where the stack is one small function
 * (src/app/react-markers.ts); a marker not there is made as before. A React upgrade that changes these lines stops
 * the build here, so the change is seen, not silently lost.
 */
export function reactMarkers(): Plugin {
  return {
    name: 'sideline-react-markers',
    apply: 'build',
    transform(code, id) {
      if (!REACT_DOM_CLIENT.test(id.split('?')[0] ?? '')) return null;
      let out = code;
      for (const codeNumber of REACT_MARKER_CODES) {
        const made = `Error(formatProdErrorMessage(${codeNumber}))`;
        const at = out.split(made).length - 1;
        if (at !== 1)
          this.error(`react-markers: expected React DOM to create marker #${codeNumber} once as it loads, found ${at}`);
        out = out.replace(made, `(globalThis.${BOOT_GLOBAL}?.reactMarkers?.[${codeNumber}] ?? ${made})`);
      }
      return { code: out, map: null };
    },
  };
}
