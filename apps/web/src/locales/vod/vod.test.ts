import { describe, it } from 'vitest';
import { describeTranslations, expectOwnSections } from '@/test/translations';
import { browseEn } from '../browse/en';
import { en } from '../en';
import { playerEn } from '../player/en';
import { vodBg } from './bg';
import { vodEn } from './en';
import { vodFr } from './fr';

// "Pages" is French as well as English.
describeTranslations('library texts', vodEn, { fr: vodFr, bg: vodBg }, { maxUntranslated: 1 });

describe('library texts', () => {
  it('use top-level sections of their own, apart from the shell, browsing and player texts', () => {
    expectOwnSections(vodEn, en);
    expectOwnSections(vodEn, browseEn);
    expectOwnSections(vodEn, playerEn);
  });
});
