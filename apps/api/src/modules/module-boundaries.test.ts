import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The modules' boundaries, read from the source: a module uses another only through its public entry (its
 * `index.ts`), or a table file (the database schema is shared by design: foreign keys and joins cross modules), and
 * no two modules depend on each other, not even by a type (a type imported from a table file counts: it is not
 * schema). Outside the modules, only the composition roots (`app.ts`, `server.ts`, `composition/`, `cli/`), which
 * build the modules' parts, reach inside one; `lib/` is below the modules and imports none. A newcomer reads a
 * module's index to know what it offers.
 */
const MODULES = path.dirname(new URL(import.meta.url).pathname);
const SRC = path.dirname(MODULES);
const COMPOSITION_ROOTS = ['app.ts', 'server.ts', `composition${path.sep}`, `cli${path.sep}`];

/** `module` is the importing file's module (undefined outside `modules/`); `target` is relative to `modules/`. */
type Import = { file: string; from: string; module: string | undefined; target: string; withType: boolean };

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Every relative import (and re-export) of the API's files that lands in a module other than the file's own. */
function importsOfModules(): Import[] {
  return sources(SRC).flatMap((file) => {
    const inModules = !path.relative(MODULES, file).startsWith('..');
    const module = inModules ? (path.relative(MODULES, file).split(path.sep)[0] as string) : undefined;
    const text = readFileSync(file, 'utf8');
    // Any import or re-export with a path (default, named, namespace, side effect, multi-line) or a dynamic import.
    const statements =
      /\b(?:import|export)\s+(type\s)?(?:([^;'"]*?)\s*from\s*)?'(\.[^']+)'|\bimport\(\s*'(\.[^']+)'\s*\)/g;
    return [...text.matchAll(statements)].flatMap((m) => {
      const from = (m[3] ?? m[4]) as string;
      const target = path.relative(MODULES, path.resolve(path.dirname(file), from));
      const targetModule = target.split(path.sep)[0] as string;
      if (target.startsWith('..') || targetModule === module || !targetModule) return [];
      // Whether it brings a type along: `import type …`, or a `type` name among the braces.
      const withType = Boolean(m[1]) || /[{,]\s*type\s/.test(m[2] ?? '');
      return [{ file: path.relative(SRC, file), from, module, target, withType }];
    });
  });
}

const isTable = (i: Import) => i.target.endsWith('.table');

describe('module boundaries', () => {
  const all = importsOfModules();
  const imports = all.filter((i) => i.module !== undefined);

  it('finds the modules’ imports of each other and of the rest (the scan itself works)', () => {
    expect(imports.length).toBeGreaterThan(50);
    expect(imports.some((i) => i.module === 'clips' && i.target === 'media')).toBe(true);
    expect(imports.some((i) => i.file.endsWith('orders.table.ts') && i.target === 'payments' && i.withType)).toBe(true);
    expect(all.some((i) => i.file === 'app.ts' && i.target.startsWith(`media${path.sep}`))).toBe(true);
  });

  it('uses another module only through its index or a table file', () => {
    const internal = imports.filter((i) => i.target.includes(path.sep) && !isTable(i));
    expect(internal.map((i) => `${i.file} imports ${i.from}`)).toEqual([]);
  });

  it('reaches inside a module from outside only in a composition root, and from lib/ not at all', () => {
    const outside = all.filter((i) => i.module === undefined);
    const inside = outside.filter(
      (i) => i.target.includes(path.sep) && !isTable(i) && !COMPOSITION_ROOTS.some((root) => i.file.startsWith(root)),
    );
    expect(inside.map((i) => `${i.file} imports ${i.from}`)).toEqual([]);
    const fromLib = outside.filter((i) => i.file.startsWith(`lib${path.sep}`));
    expect(fromLib.map((i) => `${i.file} imports ${i.from}`)).toEqual([]);
  });

  it('has no two modules that depend on each other, not even by a type (tables’ schema aside)', () => {
    const edges = new Map<string, Set<string>>();
    for (const i of imports.filter((i) => !isTable(i) || i.withType)) {
      const from = i.module as string;
      const to = i.target.split(path.sep)[0] as string;
      edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
    // Every cycle, found by a walk from each module (a few dozen edges: no need for anything cleverer).
    const cycles: string[] = [];
    const walk = (start: string, at: string, trail: string[]) => {
      for (const next of edges.get(at) ?? []) {
        if (next === start) cycles.push([...trail, next].join(' → '));
        else if (!trail.includes(next) && next > start) walk(start, next, [...trail, next]);
      }
    };
    for (const module of edges.keys()) walk(module, module, [module]);
    expect(cycles).toEqual([]);
  });
});
