import type { ConsoleMe } from '@sideline/contract/console';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { mockedCall } from '@/test/mocked-api';
import { addConsoleTexts } from '../texts';
import { CataloguePage } from './catalogue-page';

vi.mock('@/lib/api-client', async () => (await import('@/test/fake-api-client')).fakeApiClient());

beforeAll(() => addConsoleTexts());
beforeEach(() => {
  mockedCall(api.get).mockReset();
  mockedCall(api.delete).mockReset();
});
afterEach(() => vi.restoreAllMocks());

const me = (role: ConsoleMe['role']): ConsoleMe => ({
  user: { id: 1, email: `${role}@example.com`, first_name: 'A', last_name: 'B' },
  role,
  channel: { id: 1, slug: 'heartland', name: 'Heartland' },
  permissions: role === 'analyst' ? ['read'] : ['read', 'write'],
});

const school = { id: 3, name: 'North High', short_name: 'North', alias: 'north', color: '#112233', image: null };

function renderPage(role: ConsoleMe['role']) {
  mockedCall(api.get).mockImplementation(async (path) => {
    if (path === '/console/schools') return { data: [school] };
    return { data: [] };
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/console/catalogue?kind=schools']}>
        <CataloguePage me={me(role)} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('catalogue page', () => {
  it('names the teams and games that use a school whose delete is refused', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    mockedCall(api.delete).mockRejectedValue(
      new ApiError({
        status: 409,
        code: 'catalogue_item_in_use',
        message: 'in use',
        url: '/console/schools/3',
        details: [
          { path: 'teams.4', message: 'North Eagles' },
          { path: 'games.12', message: 'South @ North' },
          { path: 'games.13', message: 'East @ North' },
        ],
      }),
    );
    renderPage('operator');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete North High' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('“North High” was not deleted: it is in use.');
    expect(alert.textContent).toContain('Teams using it: North Eagles.');
    expect(alert.textContent).toContain('Games using it: South @ North and East @ North.');
    expect(screen.getByRole('cell', { name: 'North High' })).toBeTruthy();
  });

  it('shows an analyst the list without add, edit or delete', async () => {
    renderPage('analyst');
    await screen.findByRole('cell', { name: 'North High' });
    expect(screen.getByText('Your role can see the catalogue but not change it.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
