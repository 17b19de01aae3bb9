import type { Page } from 'playwright-core';

/**
 * Answers the page's `GET /custom-forms/passes` with the basic-pass choice (1: chosen, 0: not yet), as the API
 * does for a fan who has, or has not yet, chosen the basic pass.
 */
export const stubPassesForm = (page: Page, basicPass: 0 | 1) =>
  page.route(
    (url) => url.pathname === '/api/custom-forms/passes',
    (route) =>
      route.fulfill({
        json: {
          data: {
            alias: 'passes',
            fields: [{ name: 'basic_pass', label: 'Basic pass', type: 'checkbox', value: basicPass }],
          },
        },
      }),
  );
