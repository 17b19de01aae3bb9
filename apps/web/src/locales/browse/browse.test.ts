import { describe, it } from 'vitest';
import { describeTranslations, expectOwnSections } from '@/test/translations';
import { en } from '../en';
import { browseBg } from './bg';
import { browseEn } from './en';
import { browseFr } from './fr';

// "@", "Sport" and a few names may stay the same.
describeTranslations('browsing texts', browseEn, { fr: browseFr, bg: browseBg }, { maxUntranslated: 7 });

describe('browsing texts', () => {
  it('use top-level sections of their own, apart from the shell texts', () => {
    expectOwnSections(browseEn, en);
  });
});
