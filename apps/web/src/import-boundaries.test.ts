import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layers of the web app, checked on resolved paths for every feature folder there is or will be: code flows
 * app → features → shared, and a feature never reaches into another. Biome's one rule for `features/**` catches the
 * `@/features/…` and `@/app/…` spellings as you type; this test also catches relative paths that climb out of
 * a feature, which a lint pattern cannot tell from a feature's own deep paths.
 */
const SRC = path.dirname(fileURLToPath(import.meta.url));
const FEATURES = path.join(SRC, 'features');

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });

const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g;

/** Where an import of `file` lands inside src, or undefined for a package. */
function resolved(file: string, specifier: string): string | undefined {
  if (specifier.startsWith('@/')) return path.join(SRC, specifier.slice(2));
  if (specifier.startsWith('.')) return path.resolve(path.dirname(file), specifier);
  return undefined;
}

/** The imports of one feature file that leave its feature for another feature or the app layer. */
function crossingsOf(file: string, source: string): string[] {
  const own = path.relative(FEATURES, file).split(path.sep)[0];
  const found: string[] = [];
  for (const [, specifier = ''] of source.matchAll(IMPORT)) {
    const target = resolved(file, specifier);
    if (!target) continue;
    const where = path.relative(SRC, target).split(path.sep);
    if ((where[0] === 'features' && where[1] !== own) || where[0] === 'app') {
      found.push(`${path.relative(SRC, file)} imports ${specifier}`);
    }
  }
  return found;
}

describe('import boundaries of the web app', () => {
  it('no feature imports another feature or the app layer, by any path', () => {
    const files = filesUnder(FEATURES);
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap((file) => crossingsOf(file, readFileSync(file, 'utf8')))).toEqual([]);
  });

  it('tells a climb into another feature from a deep path inside its own (the check itself works)', () => {
    const file = path.join(FEATURES, 'clips', 'components', 'editor', 'clip-editor.tsx');
    const source = [
      "import { EventCard } from '../../../events/components/event-card';",
      "import { useClips } from '../../hooks/use-clips';",
      "import { router } from '@/app/router';",
      "import { formatTime } from '@/lib/format';",
      "const lazy = () => import('@/features/vod/api/items');",
    ].join('\n');
    expect(crossingsOf(file, source)).toEqual([
      'features/clips/components/editor/clip-editor.tsx imports ../../../events/components/event-card',
      'features/clips/components/editor/clip-editor.tsx imports @/app/router',
      'features/clips/components/editor/clip-editor.tsx imports @/features/vod/api/items',
    ]);
  });
});
