import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeReactMarkers } from '../src/app/react-markers.ts';
import { BOOT_GLOBAL } from '../src/lib/boot-object.ts';
import { reactMarkers } from './react-markers.ts';

const require = createRequire(import.meta.url);
// The package's exports do not name its files: they sit next to its entry.
const clientFile = path.join(path.dirname(require.resolve('react-dom')), 'cjs/react-dom-client.production.js');

/** Runs the plugin's transform; returns its code, or the build error it raised. */
function transform(code: string, id = clientFile): { code?: string; error?: string } {
  const plugin = reactMarkers();
  const context = {
    error: (message: string) => {
      throw new Error(message);
    },
  };
  const run = plugin.transform as (this: unknown, code: string, id: string) => { code: string } | null;
  try {
    return { code: run.call(context, code, id)?.code ?? code };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** Evaluates React DOM's client module as the bundle would, counting the errors it creates as it loads. */
function errorsMadeLoading(code: string): number {
  let made = 0;
  const CountingError = function (this: unknown, ...args: unknown[]) {
    made += 1;
    return new (Error as unknown as new (...a: unknown[]) => Error)(...args);
  };
  const module = { exports: {} };
  const localRequire = createRequire(clientFile);
  new Function('module', 'exports', 'require', 'Error', code)(module, module.exports, localRequire, CountingError);
  expect(typeof (module.exports as { createRoot?: unknown }).createRoot).toBe('function');
  return made;
}

describe('React DOM takes its markers ready made', () => {
  const source = readFileSync(clientFile, 'utf8');
  afterEach(() => {
    delete (globalThis as Record<string, unknown>)[BOOT_GLOBAL];
  });

  it('creates no error as it loads once the boot has made the markers', () => {
    const { code, error } = transform(source);
    expect(error).toBeUndefined();
    makeReactMarkers();
    expect(errorsMadeLoading(code as string)).toBe(0);
  });

  it('makes its markers itself, as before, when the boot has not', () => {
    const { code } = transform(source);
    expect(errorsMadeLoading(code as string)).toBe(errorsMadeLoading(source));
    expect(errorsMadeLoading(source)).toBeGreaterThan(0);
  });

  it('leaves other modules alone', () => {
    expect(transform('throw Error(formatProdErrorMessage(460))', '/nm/react/index.js').code).toBe(
      'throw Error(formatProdErrorMessage(460))',
    );
  });

  it('stops the build when React DOM no longer makes a marker where it did', () => {
    const changed = source.replace('Error(formatProdErrorMessage(474))', 'makeError(474)');
    expect(transform(changed).error).toMatch('marker #474');
  });
});
