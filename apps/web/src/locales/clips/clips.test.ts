import { describe, it } from 'vitest';
import { describeTranslations, expectOwnSections } from '@/test/translations';
import { accountsEn } from '../accounts/en';
import { browseEn } from '../browse/en';
import { en } from '../en';
import { playerEn } from '../player/en';
import { viewsEn } from '../views/en';
import { clipsBg } from './bg';
import { clipsEn } from './en';
import { clipsFr } from './fr';

// "Clip" and a unit or two ("{{seconds}} s") may stay the same.
describeTranslations('clips texts', clipsEn, { fr: clipsFr, bg: clipsBg }, { maxUntranslated: 3 });

describe('clips texts', () => {
  it('use top-level sections of their own, apart from the shell and the other areas', () => {
    expectOwnSections(clipsEn, en);
    expectOwnSections(clipsEn, browseEn);
    expectOwnSections(clipsEn, playerEn);
    expectOwnSections(clipsEn, accountsEn);
    expectOwnSections(clipsEn, viewsEn);
  });
});
