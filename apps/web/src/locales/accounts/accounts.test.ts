import { VALIDATION_MESSAGES } from '@sideline/contract/messages';
import { describe, expect, it } from 'vitest';
import { en } from '../en';
import { accountsBg } from './bg';
import { accountsEn } from './en';
import { accountsFr } from './fr';

type Tree = { [key: string]: string | Tree };

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
// Trans components: the same tags, in any order, in every language.
const tags = (s: string) => [...s.matchAll(/<(\w+)>/g)].map((m) => m[1]).sort();
const english = leaves(accountsEn as Tree);

describe.each([
  ['fr', accountsFr],
  ['bg', accountsBg],
])('%s accounts texts', (_lng, dictionary) => {
  const translated = leaves(dictionary as Tree);

  it('have every English key and no other', () => {
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('fill every text with the same {{variables}} and tags, and translate it', () => {
    for (const [key, text] of english) {
      const other = translated.get(key) ?? '';
      expect(other.length, key).toBeGreaterThan(0);
      expect(variables(other), key).toEqual(variables(text));
      expect(tags(other), key).toEqual(tags(text));
    }
    // Brand names and a few shared words may stay; most texts must not be English.
    const same = [...english].filter(([key, text]) => translated.get(key) === text).map(([key]) => key);
    expect(same.length, same.join(', ')).toBeLessThan(6);
  });
});

describe('English accounts texts', () => {
  it('say the spec validation messages word for word', () => {
    for (const [name, text] of Object.entries(accountsEn.validation)) {
      if (name === 'invalid') continue;
      const spec = VALIDATION_MESSAGES[name as keyof typeof VALIDATION_MESSAGES];
      expect(text, name).toBe(spec.replace('{number}', '{{number}}'));
    }
  });

  it('use sections of their own, apart from the shell’s', () => {
    const shell = Object.keys(en);
    expect(Object.keys(accountsEn).filter((section) => shell.includes(section))).toEqual([]);
  });
});
