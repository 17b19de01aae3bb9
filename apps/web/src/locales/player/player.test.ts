import { describe, it } from 'vitest';
import { describeTranslations, expectOwnSections } from '@/test/translations';
import { browseEn } from '../browse/en';
import { en } from '../en';
import { playerBg } from './bg';
import { playerEn } from './en';
import { playerFr } from './fr';

// Units ("{{value}} s", "{{value}} ms"), "Volume", "—" and a few time words may stay the same.
describeTranslations('player texts', playerEn, { fr: playerFr, bg: playerBg }, { maxUntranslated: 12 });

describe('player texts', () => {
  it('use top-level sections of their own, apart from the shell and browsing texts', () => {
    expectOwnSections(playerEn, en);
    expectOwnSections(playerEn, browseEn);
  });
});
