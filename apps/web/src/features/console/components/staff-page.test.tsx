import type { ConsoleMe, StaffMember } from '@sideline/contract/console';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { mockedCall } from '@/test/mocked-api';
import { addConsoleTexts } from '../texts';
import { StaffPage } from './staff-page';

vi.mock('@/lib/api-client', async () => (await import('@/test/fake-api-client')).fakeApiClient());

beforeAll(() => addConsoleTexts());
beforeEach(() => {
  mockedCall(api.get).mockReset();
  mockedCall(api.patch).mockReset();
});

const me = (role: ConsoleMe['role']): ConsoleMe => ({
  user: { id: 1, email: 'owner@example.com', first_name: 'Olga', last_name: 'Owner' },
  role,
  channel: { id: 1, slug: 'heartland', name: 'Heartland' },
  permissions: role === 'owner' ? ['read', 'write', 'manage'] : ['read'],
});

const owner: StaffMember = {
  id: 1,
  email: 'owner@example.com',
  first_name: 'Olga',
  last_name: 'Owner',
  role: 'owner',
  has_password: true,
};

const renderPage = (role: ConsoleMe['role']) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <StaffPage me={me(role)} />
    </QueryClientProvider>,
  );

describe('staff page', () => {
  it('tells the owner why the last owner keeps the role', async () => {
    mockedCall(api.get).mockResolvedValue({ data: [owner] });
    mockedCall(api.patch).mockRejectedValue(
      new ApiError({ status: 409, code: 'last_owner', message: 'last owner', url: '/console/staff/1' }),
    );
    renderPage('owner');
    await userEvent.selectOptions(await screen.findByLabelText('Role of owner@example.com'), 'operator');
    await userEvent.click(screen.getByRole('button', { name: 'Change role for owner@example.com' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The channel must keep at least one owner: make someone else an owner first.',
    );
    expect(mockedCall(api.patch)).toHaveBeenCalledWith(
      '/console/staff/{id}',
      expect.objectContaining({ path: { id: 1 }, body: { role: 'operator' } }),
    );
    expect((screen.getByLabelText('Role of owner@example.com') as HTMLSelectElement).value).toBe('owner');
  });

  it('tells another role that only owners manage staff, and asks the API nothing', () => {
    renderPage('operator');
    expect(screen.getByText(/Only the channel’s owners see and manage its staff/)).toBeTruthy();
    expect(mockedCall(api.get)).not.toHaveBeenCalled();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
