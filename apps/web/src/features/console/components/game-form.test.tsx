import type { ConsoleGame } from '@sideline/contract/console';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { mockedCall } from '@/test/mocked-api';
import type { Catalogue } from '../api/schedule';
import { addConsoleTexts } from '../texts';
import { GameForm } from './game-form';

vi.mock('@/lib/api-client', async () => (await import('@/test/fake-api-client')).fakeApiClient());

beforeAll(() => addConsoleTexts());
beforeEach(() => {
  mockedCall(api.post).mockReset();
  mockedCall(api.patch).mockReset();
});

const team = (id: number, name: string, sport_id: number) => ({
  id,
  name,
  short_name: name,
  alias: name.toLowerCase(),
  school_id: id,
  sport_id,
  color: '#000000',
  gender: null,
  logo: null,
});

const catalogue = {
  sports: [
    { id: 1, name: 'Basketball', alias: 'basketball', image: null, position: 0 },
    { id: 2, name: 'Football', alias: 'football', image: null, position: 1 },
  ],
  teams: [team(10, 'North', 1), team(11, 'South', 1), team(12, 'East', 2)],
  venues: [{ id: 5, name: 'Main Gym', address: null, city: null, state: null, country: 'US', time_zone: 'UTC' }],
} as Catalogue;

const saved: ConsoleGame = {
  id: 9,
  name: 'South @ North',
  description: null,
  starts_at: '2027-03-15T00:30:00.000Z',
  ends_at: '2027-03-15T02:30:00.000Z',
  starts_at_local: '2027-03-14T19:30',
  time_zone: 'America/Chicago',
  status: 'upcoming',
  access_type: 'ppv',
  price_cents: 1299,
  sport_id: 1,
  home_team_id: 10,
  away_team_id: 11,
  venue_id: 5,
};

const renderForm = (game?: ConsoleGame, onSaved = vi.fn()) => {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <GameForm game={game} catalogue={catalogue} currency="USD" timeZone="America/Chicago" onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return onSaved;
};

describe('game form', () => {
  it('offers the chosen sport’s teams only, and sends a pay-per-view price in cents', async () => {
    mockedCall(api.post).mockResolvedValue({ data: saved });
    const onSaved = renderForm();
    await userEvent.selectOptions(screen.getByLabelText('Sport'), 'Basketball');
    const home = screen.getByLabelText('Home team');
    expect([...(home as HTMLSelectElement).options].map((o) => o.text)).toEqual(['Choose…', 'North', 'South']);
    await userEvent.selectOptions(home, 'North');
    await userEvent.selectOptions(screen.getByLabelText('Away team'), 'South');
    await userEvent.type(screen.getByLabelText('Start'), '2027-03-14T19:30');
    expect(screen.queryByLabelText('Price (USD)')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Access'), 'ppv');
    await userEvent.type(screen.getByLabelText('Price (USD)'), '12.99');
    await userEvent.click(screen.getByRole('button', { name: 'Create the game' }));
    expect(api.post).toHaveBeenCalledWith('/console/events', {
      body: {
        sport_id: 1,
        home_team_id: 10,
        away_team_id: 11,
        starts_at_local: '2027-03-14T19:30',
        duration_minutes: 120,
        access_type: 'ppv',
        price_cents: 1299,
      },
      quiet: [400],
    });
    expect(onSaved).toHaveBeenCalledWith(saved);
  });

  it('refuses the same team twice before sending anything', async () => {
    renderForm();
    await userEvent.selectOptions(screen.getByLabelText('Sport'), 'Basketball');
    await userEvent.selectOptions(screen.getByLabelText('Home team'), 'North');
    await userEvent.selectOptions(screen.getByLabelText('Away team'), 'North');
    await userEvent.type(screen.getByLabelText('Start'), '2027-03-14T19:30');
    await userEvent.click(screen.getByRole('button', { name: 'Create the game' }));
    expect(await screen.findByText('Choose two different teams')).toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('sends only the changed fields of a saved game, and shows the server’s errors on their fields', async () => {
    mockedCall(api.patch).mockRejectedValue(
      new ApiError({
        status: 400,
        code: 'validation_failed',
        message: 'body.starts_at_local: a date and time like 2027-03-14T19:30',
        url: '/api/console/events/9',
        details: [{ path: 'body.starts_at_local', message: 'a date and time like 2027-03-14T19:30' }],
      }),
    );
    renderForm(saved);
    const price = screen.getByLabelText('Price (USD)');
    expect(price).toHaveValue('12.99');
    await userEvent.clear(price);
    await userEvent.type(price, '15');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(api.patch).toHaveBeenCalledWith('/console/events/{id}', {
      path: { id: 9 },
      body: { price_cents: 1500 },
      quiet: [400, 409],
    });
    expect(await screen.findByText('A date and time')).toBeInTheDocument();
    expect(screen.getByLabelText('Start')).toHaveAttribute('aria-invalid', 'true');
  });
});
