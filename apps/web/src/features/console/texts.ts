import { i18next } from '@/lib/i18n';
import { consoleBg } from '@/locales/console/bg';
import { consoleEn } from '@/locales/console/en';
import { consoleFr } from '@/locales/console/fr';

/**
 * Gives i18next the console's texts in every language, as the console's chunk is evaluated: the namespace is never
 * fetched (see `locales/resources.ts`), and a language switch finds it already there.
 */
export function addConsoleTexts() {
  for (const [lng, texts] of [
    ['en', consoleEn],
    ['fr', consoleFr],
    ['bg', consoleBg],
  ] as const) {
    if (!i18next.hasResourceBundle(lng, 'console')) i18next.addResourceBundle(lng, 'console', texts);
  }
}
