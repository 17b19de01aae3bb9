import { describe, expect, it } from 'vitest';
import { en } from '../en';
import { browseBg } from './bg';
import { browseEn } from './en';
import { browseFr } from './fr';

type Tree = { [key: string]: string | Tree };

/** Every leaf as `path -> value`, e.g. `events.live -> Live`. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [p, v] of leaves(value, path)) out.set(p, v);
  }
  return out;
}
const variables = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const english = leaves(browseEn as Tree);

describe.each([
  ['fr', browseFr],
  ['bg', browseBg],
])('%s browsing texts', (_lng, dictionary) => {
  const translated = leaves(dictionary as Tree);

  it('have every English key and no other', () => {
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('fill every text with the same {{variables}}, and translate it', () => {
    for (const [key, text] of english) {
      const other = translated.get(key) ?? '';
      expect(other.length, key).toBeGreaterThan(0);
      expect(variables(other), key).toEqual(variables(text));
    }
    // "@", "Sport" and a few names may stay the same; most texts must not be English.
    const same = [...english].filter(([key, text]) => translated.get(key) === text).map(([key]) => key);
    expect(same.length, same.join(', ')).toBeLessThan(8);
  });
});

describe('browsing texts', () => {
  it('use top-level sections of their own, apart from the shell texts', () => {
    const shell = new Set(Object.keys(en));
    expect(Object.keys(browseEn).filter((section) => shell.has(section))).toEqual([]);
  });
});
