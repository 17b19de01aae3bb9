import { describe, it } from 'vitest';
import { describeTranslations, expectOwnSections } from '@/test/translations';
import { en } from '../en';
import { consoleBg } from './bg';
import { consoleEn } from './en';
import { consoleFr } from './fr';

// Codes and names that read the same in every language ("Action", "Description", "Sentry DSN", "© {{name}}", "—").
describeTranslations('console texts', consoleEn, { fr: consoleFr, bg: consoleBg }, { maxUntranslated: 6 });

describe('console texts', () => {
  it('use top-level sections of their own, apart from the shell texts', () => {
    expectOwnSections(consoleEn, en);
  });
});
