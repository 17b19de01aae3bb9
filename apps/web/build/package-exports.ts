import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** `import { a, b as c } from "./file.js"` in a package's built entry. */
const IMPORT_FROM = /import\s*\{([^}]*)\}\s*from\s*["'](\.{1,2}\/[^"']+)["']/g;

/**
 * The module of `pkg` that defines its export `name`, found from the package's public entry (resolved through its
 * `exports`, as the app's own imports are) by the name the package exports: the build config names a library's
 * API, never its internal files, so a library that renames or moves a file does not break the build. Throws when
 * the entry does not import `name` from a file of its own (the export is gone or made another way).
 */
export function moduleOfExport(pkg: string, name: string): string {
  const entry = fileURLToPath(import.meta.resolve(pkg));
  for (const [, specifiers = '', file = ''] of readFileSync(entry, 'utf8').matchAll(IMPORT_FROM)) {
    const names = specifiers.split(',').map((s) => s.trim().split(/\s+as\s+/)[0]);
    if (names.includes(name)) return path.resolve(path.dirname(entry), file);
  }
  throw new Error(`${pkg} no longer exports ${name} from a module of its own (read from ${entry})`);
}
