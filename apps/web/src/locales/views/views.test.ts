import { describe, it } from 'vitest';
import { describeTranslations, expectOwnSections } from '@/test/translations';
import { en } from '../en';
import { viewsBg } from './bg';
import { viewsEn } from './en';
import { viewsFr } from './fr';

// "E-mail", "Simulation" and "Transactions" are the same words in French.
describeTranslations('view texts', viewsEn, { fr: viewsFr, bg: viewsBg }, { maxUntranslated: 3 });

describe('view texts', () => {
  it('use a section of their own, apart from the shell texts', () => {
    expectOwnSections(viewsEn, en);
  });
});
