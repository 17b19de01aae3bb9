import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { passesQueryKey } from '../api/get-passes';
import { pass } from '../testing/fixtures';
import { SelectPackage } from './select-package';

vi.mock('@/lib/api-client', async () => (await import('@/test/fake-api-client')).fakeApiClient());

const names = {
  category: (id: number) => ['', 'Football', 'Basketball', 'Hockey'][id] ?? '',
  // Two teams of one school in different sports: the picker must tell them apart.
  team: (id: number) => ({
    name: id === 33 ? 'Team 32' : `Team ${id}`,
    sport: id === 31 ? null : 'Basketball',
    gender: id === 33 ? ('women' as const) : id === 32 ? ('men' as const) : null,
    colour: '#123456',
  }),
};
const passes = [
  pass({ id: 3, name: 'All sports', event_categories: [1, 2, 3], disabledCategories: [3], additional: [9] }),
  pass({ id: 5, name: 'Team pass', is_team_pass: true, participants: [31, 32], disabledParticipants: [] }),
  pass({ id: 6, name: 'Owls', is_team_pass: true, participants: [32, 33], base_price: 20, price: 20 }),
  pass({ id: 9, name: 'Replays', pass_type: 'addition', price: 5, base_price: 5 }),
];

function renderChoice(id: number) {
  const router = createMemoryRouter(
    [
      { path: '/select-package/:id', element: <SelectPackage passId={id} kind="package" names={names} /> },
      { path: '/buy', element: <h1>Checkout page</h1> },
      { path: '/packages', element: <h1>Passes page</h1> },
    ],
    { initialEntries: [`/select-package/${id}`] },
  );
  const queryClient = createQueryClient();
  queryClient.setQueryData(passesQueryKey, passes);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('/select-package/{id}', () => {
  it('offers the sports not owned yet and the add-ons, and carries the choice to checkout', async () => {
    const router = renderChoice(3);
    const owned = screen.getByRole('checkbox', { name: 'Hockey (you have it)' });
    expect(owned).toBeChecked();
    expect(owned).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Basketball' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Replays — USD $5.00' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue to checkout' }));
    await screen.findByRole('heading', { name: 'Checkout page' });
    expect(router.state.location.search).toBe('?package_id=3&categories=1&additional=9');
  });

  it('asks for at least one team of a team pass', async () => {
    const router = renderChoice(5);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Team 31' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Team 32 — Men’s Basketball' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue to checkout' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose at least one.');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Team 32 — Men’s Basketball' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue to checkout' }));
    await screen.findByRole('heading', { name: 'Checkout page' });
    expect(router.state.location.search).toBe('?package_id=5&participants=32');
  });

  it('tells teams of the same name apart by sport and gender, with the school colour', () => {
    renderChoice(6);
    expect(screen.getByRole('checkbox', { name: 'Team 32 — Men’s Basketball' })).toBeInTheDocument();
    const women = screen.getByRole('checkbox', { name: 'Team 32 — Women’s Basketball' });
    expect(women.parentElement?.querySelector('[aria-hidden="true"]')).toHaveStyle({ background: '#123456' });
  });

  it('prices the choice: each team its share of the pass, and says so', async () => {
    renderChoice(6);
    expect(screen.getByText(/Priced by what you choose/)).toHaveTextContent('Your choice: $20.00');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Team 32 — Men’s Basketball' }));
    expect(screen.getByText(/Priced by what you choose/)).toHaveTextContent('Your choice: $10.00');
  });

  it('says Pass not found for an unknown id', () => {
    renderChoice(404);
    expect(screen.getByRole('heading', { name: 'Pass not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the passes' })).toHaveAttribute('href', '/packages');
  });
});
