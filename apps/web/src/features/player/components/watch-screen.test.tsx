import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RefusalScreen } from '../utils/watch-state';
import { WatchScreen, type WatchScreenProps } from './watch-screen';

function show(screenName: RefusalScreen, props: Partial<WatchScreenProps> = {}) {
  const onRetry = vi.fn();
  const element = <WatchScreen screen={screenName} eventId={42} onRetry={onRetry} {...props} />;
  render(<RouterProvider router={createMemoryRouter([{ path: '/', element }])} />);
  return { onRetry };
}
const linkTo = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

afterEach(() => vi.useRealTimers());

describe('watch screens', () => {
  it('asks a guest to sign in or register', () => {
    show('login_required');
    expect(screen.getByRole('heading', { name: 'Sign in to watch' })).toBeInTheDocument();
    expect(linkTo('Sign in')).toBe('/login');
    expect(linkTo('Create an account')).toBe('/registration');
    expect(screen.getByText(/free with an account/)).toBeInTheDocument();
  });

  it('tells a guest that a paid game is not free, with its price', () => {
    show('login_required', { priceText: '$4.99' });
    expect(screen.getByText(/needs a ticket or a pass \(\$4\.99\)/)).toBeInTheDocument();
    expect(screen.queryByText(/free with an account/)).not.toBeInTheDocument();
  });

  it('says what to buy, with the game’s price', () => {
    show('purchase_required', { priceText: '$4.99' });
    expect(screen.getByText('This game: $4.99')).toBeInTheDocument();
    expect(linkTo('Buy this game')).toBe('/buy?event_id=42');
    expect(linkTo('See the passes')).toBe('/packages');
  });

  it('leads to the purchase the app worked out: a game’s single-event package, or only the passes', () => {
    show('purchase_required', { purchase: { buy: '/buy?event_id=42&package_id=3', passes: '/packages' } });
    expect(linkTo('Buy this game')).toBe('/buy?event_id=42&package_id=3');
    expect(linkTo('See the passes')).toBe('/packages');
  });

  it('offers only the passes for a game sold by subscription, and only its own purchase for pay-per-view', () => {
    show('purchase_required', { purchase: { buy: null, passes: '/packages' } });
    expect(screen.queryByRole('link', { name: 'Buy this game' })).not.toBeInTheDocument();
    expect(linkTo('See the passes')).toBe('/packages');
  });

  it('offers a guest the checkout of a game that can be bought, beside sign-in', () => {
    show('login_required', { priceText: '$4.99', purchase: { buy: '/buy?event_id=42&package_id=3', passes: null } });
    expect(linkTo('Buy this game')).toBe('/buy?event_id=42&package_id=3');
    expect(linkTo('Sign in')).toBe('/login');
  });

  it('gives the region message', () => {
    show('geo_blocked');
    expect(screen.getByRole('heading', { name: 'Region blocked' })).toBeInTheDocument();
    expect(screen.getByText(/geo-restricted/)).toBeInTheDocument();
  });

  it('offers Retry on a stream error and while the video is prepared', async () => {
    const { onRetry } = show('error');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(screen.getByRole('alert')).toHaveTextContent('The stream stopped');
  });

  it('counts down to kick-off and says when it reaches zero', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const onCountdownEnd = vi.fn();
    show('not_started', { startMs: 1_000_000 + 65_000, onCountdownEnd });
    expect(screen.getByTestId('countdown')).toHaveTextContent('00Hours01Minutes05Seconds');
    act(() => vi.advanceTimersByTime(65_000));
    expect(screen.getByText('Starting any moment now…')).toBeInTheDocument();
    expect(onCountdownEnd).toHaveBeenCalledOnce();
  });

  it('opens the channel’s site in a new tab from an embedded player', () => {
    show('login_required', { compact: true });
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to watch' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('target', '_blank');
  });
});
