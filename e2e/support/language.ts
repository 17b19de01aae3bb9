import type { Page } from 'playwright-core';

/**
 * Picks the app's language in the header's selector. With `label`, the selector must be named so (the name is in
 * the page's current language: 'Language', 'Langue', 'Език'); without, the header's only selector is taken.
 */
export const pickLanguage = (page: Page, lng: string, label?: string) => {
  const banner = page.getByRole('banner');
  return (label === undefined ? banner.getByRole('combobox') : banner.getByLabel(label)).selectOption(lng);
};
