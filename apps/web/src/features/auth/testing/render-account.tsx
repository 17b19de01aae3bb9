import type { Language } from '@sideline/contract/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactNode, Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { loadTexts, setLanguage } from '@/lib/i18n';

/** Renders an account component in `lng`, with its texts loaded, a query cache and a router. */
export async function renderAccount(ui: ReactNode, { lng = 'en' as Language, queryClient = new QueryClient() } = {}) {
  await setLanguage(lng);
  await loadTexts(['accounts']);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <Suspense fallback={null}>{ui}</Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}
