import { describe, expect, it } from 'vitest';
import { keyDifferences, leaves, type Tree } from '@/test/translations';
import { bg } from './bg';
import { en } from './en';
import { fr } from './fr';

const variables = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

const english = leaves(en as Tree);

describe.each([
  ['fr', fr],
  ['bg', bg],
])('%s translation', (_lng, dictionary) => {
  const translated = leaves(dictionary as Tree);

  it('has every English key and no extra one', () => {
    expect(keyDifferences(en as Tree, dictionary as Tree)).toEqual({ missing: [], extra: [] });
  });

  it('fills every string the English fills, with the same {{variables}}', () => {
    for (const [key, text] of english) {
      const other = translated.get(key) ?? '';
      expect(other.length > 0, `${key} is empty`).toBe(text.length > 0);
      expect(variables(other), key).toEqual(variables(text));
    }
  });
});

describe('the key check itself', () => {
  it('catches a missing and an extra key', () => {
    const { signIn: _dropped, ...nav } = fr.nav;
    const broken = { ...fr, nav: { ...nav, extra: 'x' } } as unknown as Tree;
    expect(keyDifferences(en as Tree, broken)).toEqual({ missing: ['nav.signIn'], extra: ['nav.extra'] });
  });
});
