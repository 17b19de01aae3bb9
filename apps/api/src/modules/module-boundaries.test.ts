import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The modules' boundaries, read from the source: a module uses another only through its public entry (its
 * `index.ts`), or a table file (the database schema is shared by design: foreign keys cross modules), and no two
 * modules depend on each other, not even by a type. A newcomer reads a module's index to know what it offers.
 */
const MODULES = path.dirname(new URL(import.meta.url).pathname);

type Import = { file: string; from: string; module: string; target: string };

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Every relative import (and re-export) of one module's files that lands in another module. */
function crossModuleImports(): Import[] {
  return sources(MODULES).flatMap((file) => {
    const module = path.relative(MODULES, file).split(path.sep)[0] as string;
    const text = readFileSync(file, 'utf8');
    return [...text.matchAll(/\bfrom '(\.[^']+)'|\bimport\('(\.[^']+)'\)/g)].flatMap((m) => {
      const from = (m[1] ?? m[2]) as string;
      const target = path.relative(MODULES, path.resolve(path.dirname(file), from));
      const targetModule = target.split(path.sep)[0] as string;
      if (target.startsWith('..') || targetModule === module || !targetModule) return [];
      return [{ file: path.relative(MODULES, file), from, module, target }];
    });
  });
}

describe('module boundaries', () => {
  const imports = crossModuleImports();

  it('finds the modules’ imports of each other (the scan itself works)', () => {
    expect(imports.length).toBeGreaterThan(50);
    expect(imports.some((i) => i.module === 'clips' && i.target === 'media')).toBe(true);
  });

  it('uses another module only through its index or a table file', () => {
    const internal = imports.filter((i) => i.target.includes(path.sep) && !i.target.endsWith('.table'));
    expect(internal.map((i) => `${i.file} imports ${i.from}`)).toEqual([]);
  });

  it('has no two modules that depend on each other, tables aside', () => {
    const edges = new Map<string, Set<string>>();
    for (const i of imports.filter((i) => !i.target.endsWith('.table'))) {
      const to = i.target.split(path.sep)[0] as string;
      edges.set(i.module, (edges.get(i.module) ?? new Set()).add(to));
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
