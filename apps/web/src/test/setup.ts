import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n, loadTexts } from '@/lib/i18n';
import { NAMESPACES } from '@/locales/resources';
import { takeFakeCalls } from './fake-api-client';

// Components render with the real English texts, as a fan reads them; every namespace is in, as the route of a
// view would have loaded its own before rendering it (`app/router.tsx`).
await initI18n('en');
await loadTexts(NAMESPACES);

// Every answer a test gave the faked API client (test/fake-api-client.ts) is one the API could give: its OpenAPI
// document's success schema for that method and path. Checked last, after every other afterEach.
afterEach(async () => {
  const taken = takeFakeCalls();
  if (!taken.length) return;
  const { contractErrors } = await import('./api-contract');
  const errors = new Set(taken.flatMap(({ method, record }) => contractErrors(method, record)));
  if (errors.size)
    throw new Error(`A fake API answer drifted from the API's OpenAPI document:\n${[...errors].join('\n')}`);
});

// Registered after the check above, so it runs before it (hooks run in reverse): the rendered tree is gone first.
afterEach(() => cleanup());
