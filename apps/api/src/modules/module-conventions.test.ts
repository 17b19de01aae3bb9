import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The modules' conventions, read from the source: a module's client errors are declared in its `<name>.errors.ts`
 * (status, code and catalogue message in one place, never built inline where they are thrown), and every module
 * has its line in docs/architecture.md, so the page a newcomer reads first stays in step with the code.
 */
const MODULES = path.dirname(new URL(import.meta.url).pathname);
const ARCHITECTURE = path.resolve(MODULES, '../../../../docs/architecture.md');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const modules = readdirSync(MODULES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The module names of the architecture page's module table (`| auth, profile | … |` names two). */
function documentedModules(): string[] {
  const lines = readFileSync(ARCHITECTURE, 'utf8').split('\n');
  const header = lines.findIndex((line) => /^\|\s*module\s*\|/.test(line));
  if (header < 0) return [];
  const rows: string[] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line.split('|')[1] ?? '');
  }
  return rows.flatMap((cell) =>
    cell
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
}

describe('module errors', () => {
  const files = sources(MODULES);
  const builds = (file: string) => /\bnew AppError\s*\(/.test(readFileSync(file, 'utf8'));

  it('finds the errors files (the scan itself works)', () => {
    const declared = files.filter(builds).map((f) => path.relative(MODULES, f));
    expect(declared).toContain(path.join('clips', 'clips.errors.ts'));
    expect(declared).toContain(path.join('payment-sandbox', 'payment-sandbox.errors.ts'));
  });

  it('builds a client error only in a `.errors.ts` file, never inline where it is thrown', () => {
    const inline = files.filter((f) => !f.endsWith('.errors.ts') && builds(f));
    expect(inline.map((f) => path.relative(MODULES, f))).toEqual([]);
  });

  it('names each errors file after its folder (`clips/clips.errors.ts`)', () => {
    const misnamed = files.filter(
      (f) => /errors\.ts$/.test(path.basename(f)) && path.basename(f) !== `${path.basename(path.dirname(f))}.errors.ts`,
    );
    expect(misnamed.map((f) => path.relative(MODULES, f))).toEqual([]);
  });
});

describe('module layers', () => {
  // A service holds the rules and is handed its repositories; the SQL lives in those repositories (`*.repository.ts`),
  // so a query is found, tested and given its transaction in one place. A type from a table file is no query.
  const services = sources(MODULES).filter((f) => f.endsWith('.service.ts'));
  // Any value import (single or multi-line) of drizzle-orm or of a table file; `import type` is left alone.
  const queries = (file: string) =>
    [
      ...readFileSync(file, 'utf8').matchAll(/\bimport\s+(?!type\s)[^;]*?from\s*'(drizzle-orm[^']*|[^']*\.table)'/g),
    ].map((m) => m[1] as string);

  it('finds the services (the scan itself works)', () => {
    expect(services.map((f) => path.relative(MODULES, f))).toContain(path.join('commerce', 'plans.service.ts'));
  });

  it('runs no query in a service: no drizzle import, no table but its types', () => {
    const querying = services.filter((f) => queries(f).length > 0);
    expect(querying.map((f) => `${path.relative(MODULES, f)}: ${queries(f).join(' ')}`)).toEqual([]);
  });
});

describe('docs/architecture.md', () => {
  const documented = documentedModules();

  it('reads the module table (the scan itself works)', () => {
    expect(documented).toContain('channel');
    expect(documented).toContain('profile');
  });

  it('names every module directory in its module table', () => {
    expect(modules.filter((m) => !documented.includes(m))).toEqual([]);
  });

  it('names no module that is not there', () => {
    expect(documented.filter((m) => !modules.includes(m))).toEqual([]);
  });
});
