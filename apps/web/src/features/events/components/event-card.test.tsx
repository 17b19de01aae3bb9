import type { ChannelFile } from '@sideline/contract/channel';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setChannelFile } from '@/config/channel';
import { event } from '../testing/fixtures';
import type { RenderFavorite } from '../types';
import { EventCard } from './event-card';
import { EventTable } from './event-table';

const inRouter = (node: ReactNode) => render(<MemoryRouter>{node}</MemoryRouter>);
const nbsp = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');
const withCurrency = (currency: string) => setChannelFile({ currency } as ChannelFile);

afterEach(() => withCurrency('USD'));

describe('event card', () => {
  it('links to the game, named away @ home', () => {
    inRouter(<EventCard event={event()} />);
    const link = screen.getByRole('link', { name: 'Pinecrest Pioneers @ Summit State Peaks' });
    expect(link).toHaveAttribute('href', '/watch/133');
    expect(screen.getByRole('heading', { level: 3, name: 'Pinecrest Pioneers @ Summit State Peaks' })).toBeVisible();
  });

  it('puts the away team (participants[0]) first and the home team second, in their colours', () => {
    const { container } = inRouter(<EventCard event={event()} />);
    const rows = [...container.querySelectorAll('h3 a > span[aria-hidden]')].map((s) => s.textContent?.trim());
    expect(rows).toEqual(['Pinecrest Pioneers', '@ Summit State Peaks']);
    const card = container.querySelector('article');
    expect(card?.style.getPropertyValue('--away')).toBe('#154734');
    expect(card?.style.getPropertyValue('--home')).toBe('#2C2A29');
  });

  it('shows the sport with the gender, and the local time at the venue with its zone', () => {
    inRouter(<EventCard event={event()} />);
    expect(screen.getByText('Women’s Volleyball')).toBeInTheDocument();
    expect(nbsp(screen.getByRole('time').textContent)).toBe('Wed, Jan 14 · 7:00 PM MST');
  });

  it('uses the daylight abbreviation in summer', () => {
    inRouter(<EventCard event={event({ event_utc_ts: Date.UTC(2026, 6, 15, 1, 0) / 1000 })} />);
    expect(nbsp(screen.getByRole('time').textContent)).toBe('Tue, Jul 14 · 7:00 PM MDT');
  });

  it('prices by access type: free, register, or base price plus service fee in the channel currency', () => {
    const { rerender } = inRouter(<EventCard event={event({ type: 'free', has_access: false })} />);
    expect(screen.getByText('Free')).toBeInTheDocument();
    rerender(
      <MemoryRouter>
        <EventCard event={event({ type: 'register', has_access: false })} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Register')).toBeInTheDocument();
    rerender(
      <MemoryRouter>
        <EventCard event={event({ type: 'ppv', base_price: 4.99, service_fee: 0.99, has_access: false })} />
      </MemoryRouter>,
    );
    expect(screen.getByText('$5.98')).toBeInTheDocument();
    withCurrency('CAD');
    rerender(
      <MemoryRouter>
        <EventCard event={event({ id: 2, type: 'paid', base_price: 9.99, has_access: false })} />
      </MemoryRouter>,
    );
    expect(screen.getByText('$9.99')).toBeInTheDocument();
  });

  it('shows no price or "Register" on a game the viewer may watch (has_access), but "Included"', () => {
    const { rerender } = inRouter(<EventCard event={event({ type: 'paid', base_price: 9.99, has_access: true })} />);
    expect(screen.getByText('Included')).toBeInTheDocument();
    expect(screen.queryByText('$9.99')).not.toBeInTheDocument();
    const link = screen.getByRole('link');
    expect(document.getElementById(link.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(/, Included$/);
    rerender(
      <MemoryRouter>
        <EventCard event={event({ type: 'register', has_access: true })} />
      </MemoryRouter>,
    );
    expect(screen.queryByText('Register')).not.toBeInTheDocument();
    expect(screen.getByText('Included')).toBeInTheDocument();
    // A free game is free for everyone.
    rerender(
      <MemoryRouter>
        <EventCard event={event({ type: 'free', has_access: true })} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Free')).toBeInTheDocument();
  });

  it('writes EUR prices the way the language does', () => {
    withCurrency('EUR');
    inRouter(<EventCard event={event({ type: 'paid', base_price: 3.5, has_access: false })} />);
    expect(screen.getByText((text) => nbsp(text) === '€3.50')).toBeInTheDocument();
  });

  it('marks a live game with a LIVE badge in words, and a finished one as a replay', () => {
    const { rerender } = inRouter(<EventCard event={event({ stream_status: 'live' })} />);
    expect(screen.getByText('Live')).toBeInTheDocument();
    rerender(
      <MemoryRouter>
        <EventCard event={event({ stream_status: 'finished' })} />
      </MemoryRouter>,
    );
    expect(screen.queryByText('Live')).not.toBeInTheDocument();
    expect(screen.getByText('Replay')).toBeInTheDocument();
  });

  it('describes the link with the sport, time and price', () => {
    inRouter(<EventCard event={event({ stream_status: 'live' })} />);
    const link = screen.getByRole('link');
    const description = document.getElementById(link.getAttribute('aria-describedby') ?? '');
    expect(nbsp(description?.textContent ?? null)).toBe('Women’s Volleyball, Wed, Jan 14 · 7:00 PM MST, Live, Free');
  });

  it('offers a favorite for each team when the app provides one', () => {
    const targets: unknown[] = [];
    const renderFavorite: RenderFavorite = (target) => {
      targets.push(target);
      return <button type="button">{`Follow ${target.name}`}</button>;
    };
    inRouter(<EventCard event={event()} renderFavorite={renderFavorite} />);
    expect(targets).toEqual([
      { type: 'participant', id: 31, name: 'Pinecrest Pioneers' },
      { type: 'participant', id: 30, name: 'Summit State Peaks' },
    ]);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Follow Pinecrest Pioneers',
      'Follow Summit State Peaks',
    ]);
  });
});

describe('event table', () => {
  it('has a row per game: when, away @ home linking to the game, sport, status and price', () => {
    inRouter(
      <EventTable
        events={[
          event(),
          event({ id: 134, stream_status: 'live', type: 'paid', base_price: 9.99, has_access: false }),
          event({ id: 135, type: 'paid', base_price: 9.99, has_access: true }),
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Games' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((c) => nbsp(c.textContent));
    expect(cells(rows[0] as HTMLElement)).toEqual([
      'Wed, Jan 147:00 PM MST',
      'Pinecrest Pioneers @ Summit State Peaks',
      'Women’s Volleyball',
      'Upcoming',
      'Free',
    ]);
    expect(cells(rows[1] as HTMLElement).slice(3)).toEqual(['Live', '$9.99']);
    // A paid game the viewer may watch has no price.
    expect(cells(rows[2] as HTMLElement).slice(3)).toEqual(['Upcoming', 'Included']);
    expect(within(rows[1] as HTMLElement).getByRole('link')).toHaveAttribute('href', '/watch/134');
  });
});
