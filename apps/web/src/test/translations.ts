import { describe, expect, it } from 'vitest';

/** A dictionary of texts: sections of keys, each a text or a deeper section. */
export type Tree = { [key: string]: string | Tree };

/** Every leaf as `path -> value`, e.g. `nav.signIn -> Sign in`. */
export function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [p, v] of leaves(value, path)) out.set(p, v);
  }
  return out;
}

/** Keys the candidate lacks and keys it has that the reference does not. */
export function keyDifferences(reference: Tree, candidate: Tree) {
  const want = leaves(reference);
  const have = leaves(candidate);
  return {
    missing: [...want.keys()].filter((k) => !have.has(k)),
    extra: [...have.keys()].filter((k) => !want.has(k)),
  };
}

const variables = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
// Trans components: the same tags, in any order, in every language.
const tags = (s: string) => [...s.matchAll(/<(\w+)>/g)].map((m) => m[1]).sort();

/**
 * The checks every set of texts passes in French and Bulgarian: the English keys and no other, every text filled
 * with the same `{{variables}}` and tags, and translated (at most `maxUntranslated` texts may equal the English:
 * brand names, "@", a few shared words).
 */
export function describeTranslations(
  name: string,
  english: object,
  translations: Record<'fr' | 'bg', object>,
  { maxUntranslated }: { maxUntranslated: number },
) {
  const reference = leaves(english as Tree);
  describe.each(Object.entries(translations))(`%s ${name}`, (_lng, dictionary) => {
    const translated = leaves(dictionary as Tree);

    it('have every English key and no other', () => {
      expect(keyDifferences(english as Tree, dictionary as Tree)).toEqual({ missing: [], extra: [] });
    });

    it('fill every text with the same {{variables}} and tags, and translate it', () => {
      for (const [key, text] of reference) {
        const other = translated.get(key) ?? '';
        expect(other.length > 0, `${key} is empty`).toBe(text.length > 0);
        expect(variables(other), key).toEqual(variables(text));
        expect(tags(other), key).toEqual(tags(text));
      }
      // A text of variables and punctuation only ("{{team}} — {{detail}}") has no words to translate.
      const same = [...reference]
        .filter(([key, text]) => hasWords(text) && translated.get(key) === text)
        .map(([key]) => key);
      expect(same.length, same.join(', ')).toBeLessThanOrEqual(maxUntranslated);
    });
  });
}

/** An area's texts must use top-level sections of their own, apart from the shell's. */
export function expectOwnSections(area: object, shell: object) {
  const taken = new Set(Object.keys(shell));
  expect(Object.keys(area).filter((section) => taken.has(section))).toEqual([]);
}

/** Whether a text holds a letter outside its {{variables}} and tags. */
function hasWords(text: string): boolean {
  return /\p{L}/u.test(text.replace(/{{[^}]*}}/g, '').replace(/<[^>]*>/g, ''));
}
