import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '@/components/ui/dialog-host';
import { api } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { toast, toastStore } from '@/lib/toast';
import { type CallArgs, mockedCall } from '@/test/mocked-api';
import { order } from '../testing/fixtures';
import { leaveFor } from '../utils/leave';
import { ActiveOrders, OrdersList } from './orders';
import { SavedCards, TransactionsList } from './transactions';

vi.mock('../utils/leave', () => ({ leaveFor: vi.fn() }));

vi.mock('@/lib/api-client', async () => (await import('@/test/fake-api-client')).fakeApiClient());
const get = mockedCall(api.get);
const post = mockedCall(api.post);

const plan = () =>
  order({
    id: 31,
    type: 'subscription',
    status: 'Paid',
    name: 'Monthly plan',
    amount: 9.99,
    offer: 'monthly',
    auto_renewal: cancelled ? 'Cancelled' : 'Active',
    subscription_status: cancelled ? 'canceled' : 'active',
    current_period_end: '2026-12-24T10:00:00.000Z',
    event_id: null,
  });
let cancelled = false;
let finishCancel: () => void = () => undefined;

beforeEach(() => {
  cancelled = false;
  get.mockImplementation(async (path: string, opts?: CallArgs) => {
    if (path === '/orders') {
      const active = (opts?.query as { active?: string } | undefined)?.active === '1';
      const data = active ? [plan()] : [plan(), order({ id: 30, status: 'Failed', name: 'A game' })];
      return { data, meta: { total: data.length, offset: 0, limit: data.length } };
    }
    if (path === '/transactions') {
      return {
        data: [
          {
            id: 1,
            order_id: 31,
            amount: 1234.5,
            currency: 'EUR',
            status: 'paid',
            kind: 'charge',
            description: 'Monthly plan',
            card_brand: 'visa',
            card_last4: '4242',
            created_at: '2026-11-24T10:00:00.000Z',
          },
        ],
        meta: { total: 1, offset: 0, limit: 1 },
      };
    }
    if (path === '/stripe/list-cards') {
      return {
        data: [{ id: 'pm_1', brand: 'mastercard', last4: '4444', exp_month: 3, exp_year: 2031, is_default: true }],
      };
    }
    if (path === '/stripe/customer-portal') return { data: { url: 'https://billing.example/portal/abc' } };
    throw new Error(`unexpected GET ${path}`);
  });
  post.mockImplementation(
    (path: string) =>
      new Promise((resolve, reject) => {
        if (path !== '/stripe/unsubscribe') reject(new Error(`unexpected POST ${path}`));
        finishCancel = () => {
          cancelled = true;
          // The plan as the server answers it once its renewal is stopped.
          resolve({ data: plan() });
        };
      }),
  );
});
afterEach(() => {
  vi.clearAllMocks();
  act(() => toast.clear());
});

function renderProfile(ui: React.ReactNode) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{ui}</MemoryRouter>
      <DialogHost />
    </QueryClientProvider>,
  );
}

describe('profile orders', () => {
  it('cancels a renewal after a confirm: cancel processing, cancel finished, then cancelled with access until', async () => {
    renderProfile(<ActiveOrders />);
    const card = await screen.findByRole('listitem', { name: 'Monthly plan' });
    expect(card).toHaveTextContent('Renews on Dec 24, 2026');
    await userEvent.click(within(card).getByRole('button', { name: 'Cancel renewal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the renewal of Monthly plan?' });
    expect(dialog).toHaveTextContent('You keep access until Dec 24, 2026.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel renewal' }));

    expect(await within(card).findByText('Cancelling the renewal…')).toBeInTheDocument();
    expect(within(card).getByRole('status')).toHaveAttribute('data-renewal', 'cancel processing');
    expect(post).toHaveBeenCalledWith('/stripe/unsubscribe', { body: { order_id: 31 } });
    act(() => finishCancel());
    expect(await within(card).findByText('Renewal cancelled')).toBeInTheDocument();
    expect(within(card).getByRole('status')).toHaveAttribute('data-renewal', 'cancelled');
    expect(card).toHaveTextContent('Access until Dec 24, 2026');
    expect(within(card).queryByRole('button', { name: 'Cancel renewal' })).not.toBeInTheDocument();
    expect(toastStore.get().map((t) => t.message)).toContain('The renewal is cancelled.');
  });

  it('keeps the renewal when the fan says no', async () => {
    renderProfile(<ActiveOrders />);
    const card = await screen.findByRole('listitem', { name: 'Monthly plan' });
    await userEvent.click(within(card).getByRole('button', { name: 'Cancel renewal' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Keep it' }));
    expect(post).not.toHaveBeenCalled();
    expect(within(card).getByRole('button', { name: 'Cancel renewal' })).toBeInTheDocument();
  });

  it('lists every order with its status, and transactions in the fan’s number format with the card', async () => {
    renderProfile(
      <>
        <OrdersList />
        <TransactionsList />
      </>,
    );
    const orders = await screen.findByRole('table', { name: undefined });
    expect(orders).toHaveTextContent('Failed');
    const rows = await screen.findAllByRole('row');
    const tx = rows.find((r) => r.textContent?.includes('Visa •••• 4242'));
    expect(tx).toHaveTextContent('Nov 24, 2026');
    expect(tx).toHaveTextContent('€1,234.50');
    expect(tx).toHaveTextContent('Paid');
  });
});

describe('a plan in its free trial', () => {
  it('is listed as a free trial with nothing charged, not as paid at its price', async () => {
    const trial = order({
      id: 40,
      type: 'subscription',
      status: 'Paid',
      name: 'Annual plan',
      amount: 119.99,
      currency: 'USD',
      trial_end: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
    const ended = order({
      id: 41,
      status: 'Paid',
      name: 'Old plan',
      amount: 5,
      currency: 'USD',
      trial_end: '2020-01-01T00:00:00.000Z',
    });
    get.mockImplementation(async () => ({ data: [trial, ended], meta: { total: 2, offset: 0, limit: 2 } }));
    renderProfile(<OrdersList />);
    const rows = await screen.findAllByRole('row');
    const trialRow = rows.find((r) => r.textContent?.includes('Annual plan'));
    expect(trialRow).toHaveTextContent('Free trial');
    expect(trialRow).toHaveTextContent('$0.00');
    expect(trialRow).not.toHaveTextContent('Paid');
    expect(trialRow).not.toHaveTextContent('$119.99');
    const endedRow = rows.find((r) => r.textContent?.includes('Old plan'));
    expect(endedRow).toHaveTextContent('Paid');
    expect(endedRow).toHaveTextContent('$5.00');
  });
});

describe('saved cards', () => {
  it('lists the saved cards and opens a fresh session of the provider’s portal to manage them', async () => {
    renderProfile(<SavedCards />);
    expect(await screen.findByText(/Mastercard •••• 4444, expires 03\/31/)).toHaveTextContent('Default');
    await userEvent.click(await screen.findByRole('button', { name: 'Manage payment methods' }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('https://billing.example/portal/abc'));
  });
});
