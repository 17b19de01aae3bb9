import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '@/components/ui/dialog-host';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { createQueryClient } from '@/lib/query-client';
import { storage } from '@/lib/storage';
import { toast, toastStore } from '@/lib/toast';
import { setTestChannel } from '@/test/channel-file';
import { type CallArgs, mockedCall } from '@/test/mocked-api';
import { passesQueryKey } from '../../api/get-passes';
import { order, pass, preview, savedCard } from '../../testing/fixtures';
import { takeCheckout } from '../../utils/checkout-memory';
import { leaveFor } from '../../utils/leave';
import { parsePurchase } from '../../utils/purchase';
import { Checkout } from './checkout';
import { handleStripeNextAction } from './stripe-card-form';

vi.mock('@/lib/api-client', async () => (await import('@/test/fake-api-client')).fakeApiClient());
vi.mock('../../utils/leave', () => ({ leaveFor: vi.fn() }));
vi.mock('./stripe-card-form', () => ({ default: () => null, handleStripeNextAction: vi.fn(async () => undefined) }));
const get = mockedCall(api.get);
const post = mockedCall(api.post);

const SANDBOX = 'http://localhost:3000/api/sandbox';
const single = pass({ id: 3, name: 'Single game', is_single_event: true, price: 4.99, base_price: 4.99 });

/** What the server knows in a scenario. */
let cards = [savedCard()];
let orderStatus: 'Pending' | 'Paid' | 'Failed' = 'Paid';
let checkoutAnswer = {
  order_id: 77,
  status: 'Pending',
  next_action_url: null as string | null,
  client_secret: null as string | null,
};
const fetchMock = vi.fn();
type TagWindow = Window & { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void };

beforeEach(() => {
  cards = [savedCard()];
  orderStatus = 'Paid';
  checkoutAnswer = { order_id: 77, status: 'Pending', next_action_url: null, client_secret: null };
  get.mockImplementation(async (path: string, opts?: CallArgs) => {
    if (path === '/packages') return { data: [single], meta: { total: 1, offset: 0, limit: 100 } };
    if (path === '/subscriptions') return { data: [], meta: { total: 0, offset: 0, limit: 100 } };
    if (path === '/stripe/list-cards') return { data: cards };
    if (path === '/orders/{order_id}' && opts?.path?.order_id === 77) {
      return { data: order({ status: orderStatus, failure_message: null }) };
    }
    if (path === '/apply_coupon') {
      const code = (opts?.query as { code?: string } | undefined)?.code;
      if (code !== 'SIDELINE10') {
        throw new ApiError({ status: 422, code: 'wrong_promo_code', message: 'Wrong promo code', url: path });
      }
      return { data: { code, discount_type: 'percent', discount_value: 10, valid_until: null } };
    }
    throw new Error(`unexpected GET ${path}`);
  });
  post.mockImplementation(async (path: string, opts?: CallArgs) => {
    const body = opts?.body as Record<string, unknown>;
    if (path === '/stripe/invoice-preview') {
      return body.coupon
        ? { data: preview({ discount: 0.5, total: 4.49, coupon: 'SIDELINE10' }) }
        : { data: preview() };
    }
    if (path === '/stripe/setup-intent') {
      return {
        data: {
          provider: 'sandbox',
          publishable_key: 'pk_sandbox_1',
          client_secret: 'seti_123_secret_abc',
          sandbox_url: SANDBOX,
        },
      };
    }
    if (path === '/stripe/buy') return { data: checkoutAnswer };
    throw new Error(`unexpected POST ${path}`);
  });
  fetchMock.mockImplementation(async (url: string) => {
    const json = url.endsWith('/v1/payment_methods')
      ? {
          id: 'pm_new_1',
          object: 'payment_method',
          card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
        }
      : { id: 'seti_123', object: 'setup_intent', status: 'succeeded', payment_method: 'pm_new_1' };
    return new Response(JSON.stringify(json), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const w = window as TagWindow;
  w.dataLayer = [];
  w.gtag = (...args: unknown[]) => void w.dataLayer?.push(args);
});

afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
  act(() => toast.clear());
  storage.remove('commerce:pending-order');
  storage.remove('commerce:checkout-items');
  delete (window as TagWindow).gtag;
  delete (window as TagWindow).dataLayer;
});

function BuyPage({ signedIn }: { signedIn: boolean }) {
  const [search] = useSearchParams();
  return (
    <Suspense fallback={<p>Loading</p>}>
      <Checkout purchase={parsePurchase(search)} signedIn={signedIn} orderId={Number(search.get('order_id')) || null} />
    </Suspense>
  );
}

function renderBuy(address = '/buy?event_id=5&package_id=3', signedIn = true, passes = [single]) {
  const router = createMemoryRouter(
    [
      { path: '/buy', element: <BuyPage signedIn={signedIn} /> },
      { path: '/watch/:id', element: <h1>Watching the game</h1> },
      { path: '/packages', element: <h1>Passes page</h1> },
    ],
    { initialEntries: [address] },
  );
  // The passes are in the cache, as the route's visit leaves them.
  const queryClient = createQueryClient();
  queryClient.setQueryData(passesQueryKey, passes);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <DialogHost />
    </QueryClientProvider>,
  );
  return router;
}

const events = () => ((window as TagWindow).dataLayer ?? []) as unknown[][];
const payButton = () => screen.findByRole('button', { name: /^Pay / });

describe('/buy', () => {
  it('asks a guest to sign in or register, and keeps the checkout to come back to', async () => {
    renderBuy('/buy?event_id=5&package_id=3', false);
    expect(await screen.findByRole('heading', { name: 'Sign in to buy' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a free account' })).toHaveAttribute('href', '/registration');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(takeCheckout()).toBe('/buy?event_id=5&package_id=3');
    expect(post).not.toHaveBeenCalled();
  });

  it('starts a plan’s free trial with start_trial, saying what happens when it ends', async () => {
    const plan = pass({
      id: 7,
      kind: 'subscription',
      name: 'Monthly',
      price: 9.99,
      base_price: 9.99,
      offer: 'monthly',
      period: 1,
      trial_period: 30,
    });
    post.mockImplementation(async (path: string) => {
      if (path === '/stripe/invoice-preview') {
        return {
          data: preview({
            lines: [{ name: 'Monthly', amount: 9.99 }],
            subtotal: 9.99,
            total: 0,
            trial_days: 30,
            next_charge_at: '2026-12-24T10:00:00.000Z',
            next_charge_amount: 9.99,
          }),
        };
      }
      if (path === '/stripe/subscription/start_trial') return { data: checkoutAnswer };
      throw new Error(`unexpected POST ${path}`);
    });
    const router = renderBuy('/buy?subscription_id=7', true, [single, plan]);
    await screen.findByText('30-day free trial: nothing is charged today.');
    expect(
      screen.getByText(
        '30-day free trial, then USD $9.99 / monthly — the card is charged automatically unless you cancel.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Next charge: $9.99 on Dec 24, 2026')).toBeInTheDocument();
    // A trial takes no promo code.
    expect(screen.queryByLabelText('Promo code')).not.toBeInTheDocument();
    const trialOrder = order({ status: 'Paid', failure_message: null, trial_end: '2099-01-01T00:00:00.000Z' });
    get.mockImplementation(async (path: string) => {
      if (path === '/orders/{order_id}') return { data: trialOrder };
      if (path === '/stripe/list-cards') return { data: cards };
      return { data: [], meta: { total: 0, offset: 0, limit: 100 } };
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Start the free trial' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/packages'));
    // Nothing was charged: the fan hears that the trial started, not "Payment received".
    expect(toastStore.get().map((m) => m.message)).toEqual(['Your free trial has started. Enjoy!']);
    expect(post).toHaveBeenCalledWith('/stripe/subscription/start_trial', {
      body: { subscription_id: 7, payment_method_id: 'pm_saved_4242', idempotency_key: expect.any(String) },
    });
  });

  it('shows the server’s invoice preview, the sales-final rule, and reports begin_checkout', async () => {
    renderBuy();
    const summary = await screen.findByRole('region', { name: 'Summary' });
    await within(summary).findByText('Pioneers @ Hawks');
    expect(within(summary).getByTestId('checkout-total')).toHaveTextContent('$4.99');
    expect(summary).toHaveTextContent('All sales are final.');
    expect(post).toHaveBeenCalledWith('/stripe/invoice-preview', { body: { event_id: 5, package_id: 3 } });
    expect(await payButton()).toHaveTextContent('Pay $4.99');
    expect(events().find((e) => e[1] === 'begin_checkout')?.[2]).toMatchObject({ currency: 'USD', value: 4.99 });
  });

  it('finds the game’s single-event package when the address names only the game', async () => {
    renderBuy('/buy?event_id=5');
    await screen.findByText('Pioneers @ Hawks');
    expect(post).toHaveBeenCalledWith('/stripe/invoice-preview', { body: { event_id: 5, package_id: 3 } });
  });

  it('refuses a wrong promo code and applies a right one, asking the preview again with it', async () => {
    renderBuy();
    const code = await screen.findByLabelText('Promo code');
    await userEvent.type(code, 'NOPE');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong promo code');
    expect(code).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(code);
    await userEvent.type(code, 'SIDELINE10');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Promo code SIDELINE10 applied')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('$4.49'));
    expect(screen.getByText('Discount (SIDELINE10)')).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/stripe/invoice-preview', {
      body: { event_id: 5, package_id: 3, coupon: 'SIDELINE10' },
    });
  });

  it('chooses “A new card” for a fan with no saved card, since it is the only choice', async () => {
    cards = [];
    renderBuy();
    await screen.findByText('Pioneers @ Hawks');
    await waitFor(() => expect(screen.getByRole('radio', { name: 'A new card' })).toBeChecked());
    await userEvent.click(await payButton());
    expect(screen.queryByText(/NoPaymentMethod/)).not.toBeInTheDocument();
  });

  it('pays with the saved card, polls the order and goes straight back to the game', async () => {
    const router = renderBuy();
    await screen.findByText('Pioneers @ Hawks');
    expect(await screen.findByRole('radio', { name: 'Visa •••• 4242, expires 12/30' })).toBeChecked();
    await userEvent.click(await payButton());
    await screen.findByRole('heading', { name: 'Watching the game' });
    expect(router.state.location.pathname).toBe('/watch/5');
    const buy = post.mock.calls.find(([path]) => path === '/stripe/buy')?.[1]?.body as Record<string, unknown>;
    expect(buy).toMatchObject({
      event_id: 5,
      package_id: 3,
      payment_method_id: 'pm_saved_4242',
      return_path: '/buy?event_id=5&package_id=3',
    });
    expect(buy.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
    expect(get).toHaveBeenCalledWith('/orders/{order_id}', { path: { order_id: 77 } });
    expect(events().find((e) => e[1] === 'add_payment_info')?.[2]).toMatchObject({ payment_type: 'saved_card' });
    expect(events().find((e) => e[1] === 'purchase')?.[2]).toMatchObject({
      transaction_id: '77',
      value: 4.99,
      currency: 'USD',
    });
  });

  it('sends a new card to the sandbox only: the order API never sees its number', async () => {
    renderBuy();
    await screen.findByText('Pioneers @ Hawks');
    await userEvent.click(screen.getByRole('radio', { name: 'A new card' }));
    await userEvent.type(await screen.findByLabelText('Card number'), '4242 4242 4242 4242');
    await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '12/30');
    await userEvent.type(screen.getByLabelText('Security code (CVC)'), '123');
    await userEvent.click(await payButton());
    await screen.findByRole('heading', { name: 'Watching the game' });

    const [tokenise, confirmSetup] = fetchMock.mock.calls;
    expect(tokenise?.[0]).toBe(`${SANDBOX}/v1/payment_methods`);
    expect(JSON.parse(tokenise?.[1].body)).toEqual({
      key: 'pk_sandbox_1',
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
    });
    expect(confirmSetup?.[0]).toBe(`${SANDBOX}/v1/setup_intents/seti_123/confirm`);
    expect(JSON.parse(confirmSetup?.[1].body)).toEqual({
      client_secret: 'seti_123_secret_abc',
      payment_method: 'pm_new_1',
    });
    const toApi = JSON.stringify([...get.mock.calls, ...post.mock.calls]);
    expect(toApi).not.toMatch(/4242\s?4242/);
    expect(post).toHaveBeenCalledWith('/stripe/buy', {
      body: expect.objectContaining({ payment_method_id: 'pm_new_1' }),
    });
    const paymentInfo = events().filter((e) => e[1] === 'add_payment_info');
    expect(paymentInfo).toHaveLength(1);
    expect(paymentInfo[0]?.[2]).toMatchObject({ payment_type: 'new_card', currency: 'USD', value: 4.99 });
  });

  it('checks the new card’s fields before sending anything', async () => {
    renderBuy();
    await screen.findByText('Pioneers @ Hawks');
    await userEvent.click(screen.getByRole('radio', { name: 'A new card' }));
    await userEvent.type(await screen.findByLabelText('Card number'), '4242');
    await userEvent.click(await payButton());
    expect(await screen.findByText('Enter the 12 to 19 digits of the card')).toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(post).not.toHaveBeenCalledWith('/stripe/buy', expect.anything());
  });

  it('refuses an expired card before sending it, and takes one good through this month', async () => {
    renderBuy();
    await screen.findByText('Pioneers @ Hawks');
    await userEvent.click(screen.getByRole('radio', { name: 'A new card' }));
    await userEvent.type(await screen.findByLabelText('Card number'), '4242 4242 4242 4242');
    await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '01/20');
    await userEvent.type(screen.getByLabelText('Security code (CVC)'), '123');
    await userEvent.click(await payButton());
    expect(await screen.findByText('This card has expired')).toBeInTheDocument();
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();

    const now = new Date();
    const thisMonth = `${String(now.getMonth() + 1).padStart(2, '0')}/${String(now.getFullYear() % 100).padStart(2, '0')}`;
    await userEvent.clear(screen.getByLabelText('Expiry (MM/YY)'));
    await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), thisMonth);
    await userEvent.click(await payButton());
    await screen.findByRole('heading', { name: 'Watching the game' });
    expect(screen.queryByText('This card has expired')).not.toBeInTheDocument();
  });

  it('opens the card’s authentication step, and on return resumes polling the order', async () => {
    checkoutAnswer = { ...checkoutAnswer, next_action_url: 'http://localhost:3000/api/sandbox/challenge/pi_1' };
    renderBuy();
    await screen.findByText('Pioneers @ Hawks');
    await userEvent.click(await payButton());
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('http://localhost:3000/api/sandbox/challenge/pi_1'));
    expect(screen.getByText('Your bank asks you to confirm the payment…')).toBeInTheDocument();
    expect(get).not.toHaveBeenCalledWith('/orders/{order_id}', { path: { order_id: 77 } });
    // The sandbox's step is its own page: Stripe.js is not involved.
    expect(handleStripeNextAction).not.toHaveBeenCalled();
  });

  it('on a Stripe channel, lets Stripe.js run the payment’s authentication step, then polls', async () => {
    setTestChannel({ stripe: { publishable_key: 'pk_test_1' } });
    checkoutAnswer = { ...checkoutAnswer, client_secret: 'pi_1_secret_2' };
    renderBuy();
    await screen.findByText('Pioneers @ Hawks');
    await userEvent.click(await payButton());
    await screen.findByRole('heading', { name: 'Watching the game' });
    expect(handleStripeNextAction).toHaveBeenCalledWith('pk_test_1', 'pi_1_secret_2');
    expect(leaveFor).not.toHaveBeenCalled();
  });

  it('follows the order named by the return address until paid', async () => {
    const router = renderBuy('/buy?event_id=5&package_id=3&order_id=77');
    await screen.findByRole('heading', { name: 'Watching the game' });
    expect(router.state.location.pathname).toBe('/watch/5');
    expect(post).not.toHaveBeenCalledWith('/stripe/buy', expect.anything());
  });

  it('shows a failed payment in a popup and lets the fan try again', async () => {
    orderStatus = 'Failed';
    renderBuy();
    await screen.findByText('Pioneers @ Hawks');
    await userEvent.click(await payButton());
    const dialog = await screen.findByRole('dialog', { name: 'Payment failed' });
    expect(dialog).toHaveTextContent('The card was declined.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The payment did not go through.');
    expect(await payButton()).toBeInTheDocument();
  });

  it('sends begin_checkout and purchase in GA4’s shape with the same items, each priced once', async () => {
    // The Bulgarian case: a package for three sports plus an add-on, in EUR; the order has one item per sport.
    const sports = pass({ id: 9, name: 'Сезон', event_categories: [1, 2, 3], price: 59, base_price: 59 });
    post.mockImplementation(async (path: string) => {
      if (path === '/stripe/invoice-preview') {
        const lines = [
          { name: 'Сезон', amount: 59 },
          { name: 'Без реклами', amount: 5 },
        ];
        return { data: preview({ currency: 'EUR', lines, subtotal: 64, total: 64 }) };
      }
      if (path === '/stripe/buy_bundle' || path === '/stripe/buy') return { data: checkoutAnswer };
      throw new Error(`unexpected POST ${path}`);
    });
    const sport = { kind: 'package' as const, pass_id: 9, event_id: null, participant_id: null };
    const paid = order({
      status: 'Paid',
      type: 'package',
      currency: 'EUR',
      subtotal: 64,
      amount: 64,
      event_id: null,
      product: { id: 9, event_category_id: 1, participant_id: null },
      items: [
        ...[1, 2, 3].map((id) => ({ ...sport, event_category_id: id, name: 'Сезон' })),
        { kind: 'additional', pass_id: 12, event_id: null, event_category_id: null, participant_id: null, name: 'x' },
      ],
    });
    get.mockImplementation(async (path: string) => {
      if (path === '/orders/{order_id}') return { data: paid };
      if (path === '/stripe/list-cards') return { data: cards };
      if (path === '/packages') return { data: [single, sports], meta: { total: 2, offset: 0, limit: 100 } };
      return { data: [], meta: { total: 0, offset: 0, limit: 100 } };
    });
    const router = renderBuy('/buy?package_id=9&categories=1,2,3&additional=12', true, [single, sports]);
    await userEvent.click(await payButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/packages'));

    const sent = (name: string) => events().find((e) => e[1] === name)?.[2] as Record<string, unknown>;
    const begin = sent('begin_checkout');
    const bought = sent('purchase');
    const ga4Item = {
      item_id: expect.any(String),
      item_name: expect.any(String),
      price: expect.any(Number),
      quantity: 1,
      item_category: expect.any(String),
    };
    expect(begin).toEqual({ currency: 'EUR', value: 64, items: [ga4Item, ga4Item] });
    expect(bought).toEqual({ transaction_id: '77', currency: 'EUR', value: 64, items: [ga4Item, ga4Item] });
    expect(bought.items).toEqual(begin.items);
    const items = begin.items as { item_id: string; price: number }[];
    expect(items.map((i) => [i.item_id, i.price])).toEqual([
      ['package-9', 59],
      ['package-12', 5],
    ]);
  });
});
