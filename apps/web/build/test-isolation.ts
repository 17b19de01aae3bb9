import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Web test files that need a fresh module graph and a fresh jsdom of their own: those that mock modules, stub
 * globals, fake the clock or spy on shared objects. Every other file runs in a shared environment (Vitest's
 * `isolate: false`), which spares one jsdom start per file: about 1.4 s each, 120 s of the web suite's 135 s on the
 * 2-core CI machine. Found by reading the files, so a new test that mocks is isolated without anyone listing it.
 */
const NEEDS_ISOLATION = /\bvi\.(mock|doMock|unmock|stubGlobal|unstubAllGlobals|stubEnv|useFakeTimers|spyOn)\(/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(full);
    return /\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * The web test files split in two, as paths relative to the web app's folder (what a project's `exclude` takes: a
 * project that extends the app's config adds to its `include` rather than replacing it, so each project excludes the
 * other's files).
 */
export function webTestsByIsolation(webRoot: string): { isolated: string[]; shared: string[] } {
  const files = ['src', 'build'].flatMap((folder) => testFiles(path.join(webRoot, folder))).sort();
  const relative = (file: string) => path.relative(webRoot, file).split(path.sep).join('/');
  const needs = (file: string) => NEEDS_ISOLATION.test(readFileSync(file, 'utf8'));
  return {
    isolated: files.filter(needs).map(relative),
    shared: files.filter((file) => !needs(file)).map(relative),
  };
}
