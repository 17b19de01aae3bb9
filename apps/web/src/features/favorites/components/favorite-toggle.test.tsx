import type { FavoriteType } from '@sideline/contract/enums';
import type { Favorite } from '@sideline/contract/favorites';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '@/components/ui/dialog-host';
import { api } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { toast, toastStore } from '@/lib/toast';
import { mockedCall } from '@/test/mocked-api';
import { addFavorite, UnknownFavoriteTypeError } from '../api/add-favorite';
import { FavoriteToggle } from './favorite-toggle';

vi.mock('@/lib/api-client', async () => (await import('@/test/fake-api-client')).fakeApiClient());
const get = mockedCall(api.get);
const post = mockedCall(api.post);
const del = mockedCall(api.delete);

/** The server's favorites, as `GET /favorites` answers at the moment. */
let stored: Favorite[] = [];

beforeEach(() => {
  stored = [];
  get.mockImplementation(async () => ({ data: stored }));
  post.mockImplementation(async (_path, opts) => {
    const body = opts?.body as { favoritable_id: number; favoritable_type: FavoriteType };
    const favorite = { id: 90, ...body };
    stored = [...stored, favorite];
    return { data: favorite };
  });
  del.mockImplementation(async (_path, opts) => {
    stored = stored.filter((f) => f.id !== opts?.path?.id);
    return { data: { ok: true } };
  });
});
afterEach(() => {
  vi.clearAllMocks();
  act(() => toast.clear());
});

function renderToggle(signedIn: boolean) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <FavoriteToggle type="participant" id={31} name="Pinecrest Pioneers" signedIn={signedIn} />,
      },
      { path: '/login', element: <h1>Sign in page</h1> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
      <DialogHost />
    </QueryClientProvider>,
  );
  return { router, star: () => screen.getByRole('button', { name: 'Follow Pinecrest Pioneers' }) };
}

describe('favorite star for a guest', () => {
  it('asks the guest to sign in, and goes to the sign-in page on OK, without calling the API', async () => {
    const { router, star } = renderToggle(false);
    expect(star()).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(star());
    const dialog = await screen.findByRole('dialog', { name: 'Sign in to keep favorites' });
    expect(dialog).toHaveAccessibleDescription('Follow teams, schools and sports to find their games first.');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Sign in page' });
    expect(router.state.location.pathname).toBe('/login');
    expect(get).not.toHaveBeenCalled();
    expect(post).not.toHaveBeenCalled();
  });

  it('stays where it is when the guest cancels', async () => {
    const { router, star } = renderToggle(false);
    await userEvent.click(star());
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/');
    expect(star()).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('favorite star for a signed-in fan', () => {
  it('follows: posts the favorite, reloads the list, and shows the star pressed', async () => {
    const { star } = renderToggle(true);
    await waitFor(() => expect(get).toHaveBeenCalledWith('/favorites', expect.anything()));
    expect(star()).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(star());
    expect(post).toHaveBeenCalledWith('/favorite', { body: { favoritable_id: 31, favoritable_type: 'participant' } });
    await waitFor(() => expect(star()).toHaveAttribute('aria-pressed', 'true'));
    expect(get).toHaveBeenCalledTimes(2);
    expect(toastStore.get().map((t) => t.message)).toEqual(['Pinecrest Pioneers is in your favorites']);
  });

  it('unfollows a team already followed: deletes that favorite by its id', async () => {
    stored = [{ id: 7, favoritable_id: 31, favoritable_type: 'participant' }];
    const { star } = renderToggle(true);
    await waitFor(() => expect(star()).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.click(star());
    expect(del).toHaveBeenCalledWith('/favorite/{id}', { path: { id: 7 } });
    await waitFor(() => expect(star()).toHaveAttribute('aria-pressed', 'false'));
  });

  it('only counts a favorite of the same kind: a school with the same id is not this team', async () => {
    stored = [{ id: 8, favoritable_id: 31, favoritable_type: 'participant_group' }];
    const { star } = renderToggle(true);
    await waitFor(() => expect(get).toHaveBeenCalled());
    expect(star()).toHaveAttribute('aria-pressed', 'false');
  });

  it('says so when the change fails, and the star stays as it was', async () => {
    post.mockRejectedValueOnce(new Error('offline'));
    const { star } = renderToggle(true);
    await waitFor(() => expect(get).toHaveBeenCalled());
    await userEvent.click(star());
    await waitFor(() =>
      expect(toastStore.get().map((t) => t.message)).toEqual([
        'Your favorites could not be updated. Please try again.',
      ]),
    );
    expect(star()).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('adding a favorite', () => {
  it('rejects an unknown kind locally, before any call', async () => {
    await expect(addFavorite({ favoritable_id: 1, favoritable_type: 'league' as FavoriteType })).rejects.toBeInstanceOf(
      UnknownFavoriteTypeError,
    );
    expect(post).not.toHaveBeenCalled();
  });
});
