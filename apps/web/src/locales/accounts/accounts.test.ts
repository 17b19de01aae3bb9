import { VALIDATION_MESSAGES } from '@sideline/contract/messages';
import { describe, expect, it } from 'vitest';
import { describeTranslations, expectOwnSections } from '@/test/translations';
import { en } from '../en';
import { accountsBg } from './bg';
import { accountsEn } from './en';
import { accountsFr } from './fr';

// Brand names and a few shared words may stay.
describeTranslations('accounts texts', accountsEn, { fr: accountsFr, bg: accountsBg }, { maxUntranslated: 5 });

describe('English accounts texts', () => {
  it('say the spec validation messages word for word', () => {
    for (const [name, text] of Object.entries(accountsEn.validation)) {
      if (name === 'invalid') continue;
      const spec = VALIDATION_MESSAGES[name as keyof typeof VALIDATION_MESSAGES];
      expect(text, name).toBe(spec.replace('{number}', '{{number}}'));
    }
  });

  it('use sections of their own, apart from the shell’s', () => {
    expectOwnSections(accountsEn, en);
  });
});
