import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { loadTexts } from '@/lib/i18n';
import { mockedCall } from '@/test/mocked-api';
import { NO_FILTERS } from '../utils/schedule-filters';
import { FilterBar } from './schedule-filters';

vi.mock('@/lib/api-client', async () => (await import('@/test/fake-api-client')).fakeApiClient());
const get = mockedCall(api.get);

/** A browser window as wide as `width`: matchMedia answers the filters' phone query for it. */
function windowOf(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width: 639.98px') && width < 640,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

async function renderFilters() {
  await loadTexts(['browse']);
  get.mockImplementation(async (path: string) =>
    path === '/events-categories'
      ? { data: [{ id: 1, name: 'Basketball', alias: 'basketball', image: null, position: 1 }] }
      : { data: [] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Suspense fallback={null}>
        <FilterBar filters={NO_FILTERS} onChange={() => undefined} />
      </Suspense>
    </QueryClientProvider>,
  );
  await screen.findByRole('button', { name: 'Filters' });
}

afterEach(() => {
  vi.unstubAllGlobals();
  get.mockReset();
});

describe('schedule filters', () => {
  it('on a desktop shows the five selects at once, with the channel’s sports', async () => {
    windowOf(1280);
    await renderFilters();
    expect(await screen.findByRole('option', { name: 'Basketball' })).toBeInTheDocument();
    expect(screen.getAllByRole('combobox')).toHaveLength(5);
  });

  it('on a phone builds nothing behind the folded button, and asks for no list, until it is opened', async () => {
    windowOf(390);
    await renderFilters();
    expect(screen.queryAllByRole('combobox')).toHaveLength(0);
    expect(get).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    expect(await screen.findByRole('option', { name: 'Basketball' })).toBeInTheDocument();
    expect(screen.getAllByRole('combobox')).toHaveLength(5);
    expect(get).toHaveBeenCalledWith('/events-categories', { static: true });
  });
});
