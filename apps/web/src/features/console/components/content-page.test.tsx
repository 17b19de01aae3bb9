import type { Branding, ConsoleMe } from '@sideline/contract/console';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { mockedCall } from '@/test/mocked-api';
import { addConsoleTexts } from '../texts';
import { ContentPage } from './content-page';

vi.mock('@/lib/api-client', async () => (await import('@/test/fake-api-client')).fakeApiClient());

beforeAll(() => addConsoleTexts());
beforeEach(() => {
  mockedCall(api.get).mockReset();
  mockedCall(api.patch).mockReset();
});
afterEach(() => vi.restoreAllMocks());

const me = (role: ConsoleMe['role']): ConsoleMe => ({
  user: { id: 1, email: `${role}@example.com`, first_name: 'A', last_name: 'B' },
  role,
  channel: { id: 1, slug: 'heartland', name: 'Heartland' },
  permissions: role === 'analyst' ? ['read'] : ['read', 'write'],
});

const branding: Branding = {
  name: 'Heartland',
  short_name: 'HL',
  description: '',
  logo: null,
  language: 'en',
  currency: 'USD',
  time_zone: 'America/Chicago',
  colors: {
    'header-background': '#0B1F3A',
    'header-text-color': '#FFFFFF',
    'body-background': '#FFFFFF',
    'body-text-color': '#111827',
    'footer-background': '#0B1F3A',
    'footer-text-color': '#FFFFFF',
    'primary-color': '#C8102E',
    'primary-text-color': '#FFFFFF',
    'live-color': '#DC2626',
  },
  google_tag: null,
  yare_analytics_key: null,
  sentry_dsn: null,
  geo: { allow: null, block: [] },
};

const faqs = [
  { id: 1, question: 'Is it free?', answer: '<p>Some games are.</p>', position: 0, translations: {} },
  { id: 2, question: 'Can I watch on TV?', answer: '<p>Yes.</p>', position: 10, translations: {} },
];

function renderPage(role: ConsoleMe['role']) {
  mockedCall(api.get).mockImplementation(async (path) => {
    if (path === '/console/faqs') return { data: faqs };
    if (path === '/console/branding') return { data: branding };
    return { data: [] };
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/console/content?kind=faqs']}>
        <ContentPage me={me(role)} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('content page', () => {
  it('shows an analyst the FAQ without add, edit, move or delete', async () => {
    renderPage('analyst');
    await screen.findByRole('cell', { name: 'Is it free?' });
    expect(screen.getByText('Your role can see the content but not change it.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('moves a question down by sending the new positions', async () => {
    mockedCall(api.patch).mockResolvedValue({ data: faqs[0] });
    const success = vi.spyOn(toast, 'success').mockReturnValue(undefined as never);
    renderPage('operator');
    await userEvent.click(await screen.findByRole('button', { name: 'Move Is it free? down' }));
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith('“Is it free?” moved'));
    const sent = mockedCall(api.patch).mock.calls.map(([, options]) => options);
    expect(sent).toEqual([
      expect.objectContaining({ path: { id: 2 }, body: { position: 0 } }),
      expect.objectContaining({ path: { id: 1 }, body: { position: 10 } }),
    ]);
  });

  it('writes a question’s French text under the language switch and sends it as a translation', async () => {
    mockedCall(api.patch).mockResolvedValue({ data: faqs[0] });
    const success = vi.spyOn(toast, 'success').mockReturnValue(undefined as never);
    renderPage('owner');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Is it free?' }));
    await userEvent.click(screen.getByRole('button', { name: /français/ }));
    const question = screen.getByRole('textbox', { name: 'Question' });
    expect(question.getAttribute('placeholder')).toBe('Is it free?');
    await userEvent.type(question, 'Est-ce gratuit ?');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith('“Is it free?” saved'));
    expect(mockedCall(api.patch).mock.calls[0]?.[1]).toMatchObject({
      path: { id: 1 },
      body: { translations: { fr: { question: 'Est-ce gratuit ?' } } },
    });
  });
});
