import type { MenuItem } from '@sideline/contract/channel';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { menuQueryOptions } from '../api/get-menu';
import { MainMenu } from './main-menu';

const item = (id: number, name: string, url: string, extra: Partial<MenuItem> = {}): MenuItem => ({
  id,
  name,
  url,
  target: 'internal',
  position: id,
  children: [],
  ...extra,
});

const menu: MenuItem[] = [
  item(2, 'Schedule', '/schedule'),
  item(1, 'Home', '/'),
  item(3, 'More', '/about', {
    children: [item(4, 'About', '/about'), item(5, 'Shop', 'https://shop.example.com', { target: 'external' })],
  }),
  item(6, 'Tickets', 'https://tickets.example.com', { target: 'external' }),
];

function renderMenu(at = '/') {
  const client = new QueryClient();
  client.setQueryData(menuQueryOptions().queryKey, menu);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[at]}>
        <MainMenu />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('navigation', { name: 'Main menu' });
}

describe('main menu', () => {
  it('lists the channel menu in position order and marks the current page', () => {
    const nav = renderMenu('/schedule');
    const top = within(nav)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement?.parentElement === nav);
    expect(top.map((li) => li.querySelector('a, button')?.textContent)).toEqual([
      'Home',
      'Schedule',
      'More',
      'Tickets (opens in a new tab)',
    ]);
    expect(within(nav).getByRole('link', { name: 'Schedule' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('opens external links in a new tab and says so', () => {
    const nav = renderMenu();
    const link = within(nav).getByRole('link', { name: 'Tickets (opens in a new tab)' });
    expect(link).toHaveAttribute('href', 'https://tickets.example.com');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows nested children as a dropdown that Escape closes', async () => {
    const nav = renderMenu();
    const more = within(nav).getByRole('button', { name: 'More' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryByRole('link', { name: 'About' })).not.toBeInTheDocument();

    await userEvent.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    expect(within(nav).getByRole('link', { name: 'Shop (opens in a new tab)' })).toHaveAttribute('target', '_blank');

    await userEvent.keyboard('{Escape}');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(more).toHaveFocus();
  });

  it('closes the dropdown when one of its pages is chosen', async () => {
    const nav = renderMenu();
    await userEvent.click(within(nav).getByRole('button', { name: 'More' }));
    await userEvent.click(within(nav).getByRole('link', { name: 'About' }));
    expect(within(nav).getByRole('button', { name: 'More' })).toHaveAttribute('aria-expanded', 'false');
  });
});
