import { describe, it } from 'vitest';
import { describeTranslations, expectOwnSections } from '@/test/translations';
import { accountsEn } from '../accounts/en';
import { en } from '../en';
import { commerceBg } from './bg';
import { commerceEn } from './en';
import { commerceFr } from './fr';

// "Total", "Transactions" and a card's "•••• {{last4}}" line may stay as they are in French.
describeTranslations('commerce texts', commerceEn, { fr: commerceFr, bg: commerceBg }, { maxUntranslated: 4 });

describe('commerce texts', () => {
  it('use sections of their own, apart from the shell’s and the accounts’', () => {
    expectOwnSections(commerceEn, en);
    expectOwnSections(commerceEn, accountsEn);
  });
});
