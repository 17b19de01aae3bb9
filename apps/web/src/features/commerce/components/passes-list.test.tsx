import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadTexts, setLanguage } from '@/lib/i18n';
import { pass } from '../testing/fixtures';
import { PassesList } from './passes-list';

type TagWindow = Window & { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void };
const w = window as TagWindow;

const passes = [
  pass({ id: 1, name: 'Basic', is_basic: true, price: 0, base_price: 0 }),
  pass({ id: 2, name: 'Single game', is_single_event: true, price: 4.99, base_price: 4.99 }),
  pass({
    id: 7,
    kind: 'subscription',
    name: 'Monthly',
    price: 9.99,
    base_price: 9.99,
    offer: 'monthly',
    period: 1,
    trial_period: 7,
  }),
  pass({ id: 3, name: 'All sports', event_categories: [1, 2], price: 59, base_price: 59, group_name: 'Seasons' }),
  pass({ id: 4, name: 'Football', event_categories: [1], price: 39, base_price: 39, group_name: 'Seasons' }),
  pass({ id: 5, name: 'Owned pass', event_categories: [2], purchased: true, price: 29, base_price: 29 }),
  pass({ id: 6, name: 'Replays add-on', pass_type: 'addition', price: 5, base_price: 5 }),
];

function renderList(trialUsed = false) {
  const router = createMemoryRouter(
    [
      { path: '/packages', element: <PassesList passes={passes} trialUsed={trialUsed} /> },
      { path: '/select-package/:id', element: <h1>Choice page</h1> },
      { path: '/buy', element: <h1>Checkout page</h1> },
    ],
    { initialEntries: ['/packages'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  w.dataLayer = [];
  w.gtag = (...args: unknown[]) => void w.dataLayer?.push(args);
});
afterEach(async () => {
  delete w.gtag;
  delete w.dataLayer;
  await setLanguage('en');
});

describe('/packages passes', () => {
  it('lists what is on sale with price titles, trial terms, purchased state and groups', () => {
    renderList();
    const names = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    // Ungrouped passes together, then each group, in the order of their heaviest member.
    expect(names).toEqual(['Monthly', 'Owned pass', 'Seasons']);
    const seasons = screen.getByRole('region', { name: 'Seasons' });
    expect(
      within(seasons)
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(['All sports', 'Football']);
    // Not the basic pass, the single game or the add-on.
    expect(screen.queryByText('Basic')).not.toBeInTheDocument();
    expect(screen.queryByText('Single game')).not.toBeInTheDocument();
    expect(screen.queryByText('Replays add-on')).not.toBeInTheDocument();

    const monthly = screen.getByRole('article', { name: 'Monthly' });
    expect(monthly).toHaveTextContent('USD $9.99 / monthly');
    expect(monthly).toHaveTextContent(
      '7-day free trial, then USD $9.99 / monthly — the card is charged automatically unless you cancel.',
    );
    const owned = screen.getByRole('article', { name: 'Owned pass' });
    expect(owned).toHaveTextContent('You have it');
    expect(within(owned).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('All sales are final.')).toBeInTheDocument();
  });

  it('offers no free trial to a fan whose trial is used: the checkout would charge them at once', () => {
    renderList(true);
    const monthly = screen.getByRole('article', { name: 'Monthly' });
    expect(monthly).toHaveTextContent('USD $9.99 / monthly');
    expect(monthly).not.toHaveTextContent(/free trial/i);
  });

  it('leads Buy to the choice page for a pass with choices, else straight to checkout', () => {
    renderList();
    expect(screen.getByRole('link', { name: 'Buy All sports' })).toHaveAttribute('href', '/select-package/3');
    expect(screen.getByRole('link', { name: 'Buy Football' })).toHaveAttribute('href', '/buy?package_id=4');
    expect(screen.getByRole('link', { name: 'Buy Monthly' })).toHaveAttribute('href', '/buy?subscription_id=7');
  });

  it('reports view_item_list once and select_item on Buy', async () => {
    const router = renderList();
    const listed = w.dataLayer?.filter((e) => (e as unknown[])[1] === 'view_item_list') as unknown[][];
    expect(listed).toHaveLength(1);
    const shown = listed[0]?.[2] as { items: { item_id: string }[] } | undefined;
    expect(shown?.items.map((i) => i.item_id)).toEqual(['subscription-7', 'package-3', 'package-4', 'package-5']);
    await userEvent.click(screen.getByRole('link', { name: 'Buy Football' }));
    expect(router.state.location.search).toBe('?package_id=4');
    const selected = w.dataLayer?.find((e) => (e as unknown[])[1] === 'select_item') as unknown[];
    expect(selected[2]).toMatchObject({ items: [{ item_id: 'package-4', item_name: 'Football', price: 39 }] });
  });

  it('writes prices the Bulgarian way', async () => {
    await setLanguage('bg');
    await loadTexts(['commerce']);
    renderList();
    expect(await screen.findByRole('article', { name: 'Monthly' })).toHaveTextContent('USD $9,99 / месечно');
    expect(screen.getByText('Всички продажби са окончателни.')).toBeInTheDocument();
  });
});
