import { describe, expect, it } from 'vitest';
import {
  changedContentFields,
  checkContent,
  contentLanguages,
  emptyContentValues,
  languageName,
  menuTree,
  moveRow,
  nextPosition,
  serverContentErrors,
  toContentBody,
  toContentFormValues,
} from './content-values';

describe('content form values', () => {
  const page = {
    id: 4,
    url: 'about',
    name: 'About',
    alt_name: null,
    content: '<p>Hi</p>',
    position: 20,
    translations: { fr: { name: 'À propos', content: '<p>Salut</p>' } },
  };

  it('puts a saved page’s translations under language:field and back into the body', () => {
    const values = toContentFormValues('pages', page);
    expect(values).toMatchObject({ name: 'About', 'fr:name': 'À propos', 'fr:content': '<p>Salut</p>', alt_name: '' });
    expect(toContentBody('pages', values)).toEqual({
      url: 'about',
      name: 'About',
      alt_name: null,
      content: '<p>Hi</p>',
      position: 20,
      translations: { fr: { name: 'À propos', content: '<p>Salut</p>' } },
    });
  });

  it('leaves out a language whose texts are all empty, and sends only what changed', () => {
    const values = { ...toContentFormValues('pages', page), 'fr:name': ' ', 'fr:content': '', 'bg:name': 'За нас' };
    expect(toContentBody('pages', values).translations).toEqual({ bg: { name: 'За нас' } });
    expect(changedContentFields('pages', page, values)).toEqual({ translations: { bg: { name: 'За нас' } } });
    expect(changedContentFields('pages', page, toContentFormValues('pages', page))).toEqual({});
  });

  it('starts a new row after the others, and a slide on the home page leading to an address', () => {
    expect(emptyContentValues('slides', 30)).toMatchObject({ position: '30', type: 'home', slidable_type: 'url' });
    expect(emptyContentValues('menu-items')).toMatchObject({ target: 'internal', parent_id: '' });
    expect(toContentBody('menu-items', { ...emptyContentValues('menu-items'), name: 'Live', url: '/live' })).toEqual({
      name: 'Live',
      url: '/live',
      target: 'internal',
      parent_id: null,
      position: 0,
    });
    expect(nextPosition([])).toBe(0);
    expect(
      nextPosition([
        { id: 1, position: 5 },
        { id: 2, position: 40 },
      ]),
    ).toBe(50);
  });

  it('checks a form with the contract: a script link and an empty translated question are refused by field', () => {
    expect(checkContent('menu-items', { name: 'Evil', url: 'javascript:alert(1)', target: 'internal' })).toEqual({
      url: 'link',
    });
    expect(checkContent('pages', { name: '', url: 'Has Spaces', content: '' })).toMatchObject({
      name: 'required',
      url: 'alias',
    });
    expect(checkContent('faqs', { question: 'Q', answer: 'A', position: '0' })).toEqual({});
    expect(serverContentErrors('pages', [{ path: 'body.translations.fr.name', message: 'x' }])).toEqual({
      'fr:name': 'invalid',
    });
  });
});

describe('reordering', () => {
  const rows = [
    { id: 1, position: 0, parent_id: null },
    { id: 2, position: 0, parent_id: null },
    { id: 3, position: 5, parent_id: 1 },
    { id: 4, position: 7, parent_id: null },
  ];
  const siblings = (a: (typeof rows)[number], b: (typeof rows)[number]) => a.parent_id === b.parent_id;

  it('swaps a row with its neighbour and numbers its group again, sending only changed positions', () => {
    expect(moveRow(rows, 4, -1, siblings)).toEqual([
      { id: 4, position: 10 },
      { id: 2, position: 20 },
    ]);
    // A child moves among its siblings only: alone under its parent, it stays.
    expect(moveRow(rows, 3, -1, siblings)).toEqual([]);
  });

  it('does nothing at either end of the group', () => {
    expect(moveRow(rows, 1, -1, siblings)).toEqual([]);
    expect(moveRow(rows, 3, 1, siblings)).toEqual([]);
    expect(moveRow(rows, 99, 1)).toEqual([]);
  });
});

describe('languages', () => {
  it('puts the channel’s language first, then the others', () => {
    expect(contentLanguages('fr')).toEqual(['fr', 'en', 'bg']);
    expect(contentLanguages(undefined)).toEqual(['en', 'fr', 'bg']);
  });
  it('names a language in another', () => {
    expect(languageName('fr', 'en')).toBe('French');
    expect(languageName('bg', 'bg')).toBe('български');
  });
});

describe('the menu as a tree', () => {
  it('lists each item with its children after it, each level in order', () => {
    const rows = [
      { id: 1, position: 20, parent_id: null },
      { id: 2, position: 10, parent_id: null },
      { id: 3, position: 5, parent_id: 1 },
      { id: 4, position: 0, parent_id: 1 },
      { id: 5, position: 0, parent_id: 99 },
    ];
    expect(menuTree(rows).map(({ row, depth }) => [row.id, depth])).toEqual([
      [5, 0],
      [2, 0],
      [1, 0],
      [4, 1],
      [3, 1],
    ]);
  });
});
