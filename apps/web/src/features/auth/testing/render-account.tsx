import type { Language } from '@sideline/contract/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactNode, Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { setChannelFile } from '@/config/channel';
import { loadTexts, setLanguage } from '@/lib/i18n';

/** A channel file as startup would set it; social providers off unless given. */
export function setTestChannel(providers: { google?: string; facebook?: string } = {}) {
  setChannelFile({
    channel_key: 'test',
    name: 'Test Channel',
    api_host: '/api',
    language: 'en',
    currency: 'USD',
    'google-analytics': { 'google-tag': null },
    'yare-analytics': { 'yare-analytics-key': null, host: null },
    prerolls: [],
    providers: {
      stripe: null,
      recaptcha: null,
      sentry: null,
      google: providers.google ? { client_id: providers.google } : null,
      facebook: providers.facebook ? { app_id: providers.facebook } : null,
    },
  });
}

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
