import type { Clip, ClipTag } from '@sideline/contract/clips';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { createQueryClient } from '@/lib/query-client';
import { mockedCall } from '@/test/mocked-api';
import { clipOf } from '../testing/clip';
import type { PlayerPosition } from '../utils/clip-form';
import { ClipEditor } from './clip-editor';

vi.mock('@/lib/api-client', async () => (await import('@/test/fake-api-client')).fakeApiClient());
const get = mockedCall(api.get);
const post = mockedCall(api.post);

const TAGS: ClipTag[] = [
  { alias: 'goal', names: { en: 'Goal', fr: 'But', bg: 'Гол' } },
  { alias: 'save', names: { en: 'Save', fr: 'Arrêt', bg: 'Спасяване' } },
];
const clip = (body: object) => clipOf(body as Partial<Clip>);

beforeEach(() => {
  get.mockImplementation(async () => ({ data: TAGS }));
  post.mockImplementation(async (_path, opts) => ({ data: clip(opts?.body ?? {}) }));
});
afterEach(() => vi.clearAllMocks());

function renderEditor(live: boolean, position: PlayerPosition | null = { currentTime: 12.4, duration: 40 }) {
  const onCreated = vi.fn();
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Suspense fallback={null}>
        <ClipEditor eventId={5} live={live} getPosition={() => position} onClose={onClose} onCreated={onCreated} />
      </Suspense>
    </QueryClientProvider>,
  );
  return { onCreated, onClose };
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Create clip' }));

describe('the clip editor on a finished game', () => {
  it('starts at the player’s position, 30 s long, and says what is missing in the spec’s words', async () => {
    renderEditor(false);
    expect(await screen.findByRole('dialog', { name: 'Create a clip' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Clip name')).toHaveFocus());
    expect(screen.getByLabelText('Start (seconds into the game)')).toHaveValue(12);
    expect(screen.getByLabelText('Length (seconds)')).toHaveValue(30);
    await submit();
    expect(await screen.findByText('Please fill in the input field')).toBeInTheDocument();
    expect(screen.getByText('Please select tag')).toBeInTheDocument();
    // 12 s + 30 s runs past the 40 s game.
    expect(screen.getByText('Clip duration is longer than the end time')).toBeInTheDocument();
    expect(screen.getByLabelText('Clip name')).toHaveAttribute('aria-invalid', 'true');
    expect(post).not.toHaveBeenCalled();
  });

  it('sends the name, the moment and the chosen tags, then hands the queued clip back', async () => {
    const { onCreated } = renderEditor(false);
    await userEvent.type(await screen.findByLabelText('Clip name'), '  Top corner  ');
    await userEvent.clear(screen.getByLabelText('Length (seconds)'));
    await userEvent.type(screen.getByLabelText('Length (seconds)'), '10');
    const goal = await screen.findByRole('button', { name: 'Goal' });
    await userEvent.click(goal);
    expect(goal).toHaveAttribute('aria-pressed', 'true');
    await submit();
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(post).toHaveBeenCalledWith(
      '/clip',
      expect.objectContaining({
        body: { event_id: 5, name: 'Top corner', start_time: 12, duration: 10, tags: ['goal'] },
      }),
    );
    expect(onCreated.mock.calls[0]?.[0]).toMatchObject({ status: 'queued', name: 'Top corner' });
  });

  it('shows a refusal by its code, and a check only the server made at its field', async () => {
    post.mockRejectedValueOnce(
      new ApiError({ status: 403, code: 'capability_missing', message: 'capability missing', url: '/clip' }),
    );
    renderEditor(false, { currentTime: 0, duration: null });
    await userEvent.type(await screen.findByLabelText('Clip name'), 'Save');
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account does not include making clips');

    post.mockRejectedValueOnce(
      new ApiError({
        status: 400,
        code: 'validation_failed',
        message: 'Clip duration is longer than the end time',
        field: 'duration',
        url: '/clip',
      }),
    );
    await submit();
    expect(await screen.findByText('Clip duration is longer than the end time')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // A failure about something the fan cannot change here is said, not dropped.
    post.mockRejectedValueOnce(
      new ApiError({ status: 400, code: 'validation_failed', message: 'body.event_id: Invalid', url: '/clip' }),
    );
    await userEvent.clear(screen.getByLabelText('Length (seconds)'));
    await userEvent.type(screen.getByLabelText('Length (seconds)'), '5');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
  });
});

describe('the clip editor on a live game', () => {
  it('offers the last 30 or 60 seconds, and sends the live edge’s clip from 0', async () => {
    const { onCreated } = renderEditor(true, { currentTime: 1234, duration: null });
    expect(await screen.findByRole('radio', { name: '30 seconds' })).toBeChecked();
    expect(screen.queryByLabelText('Start (seconds into the game)')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: '60 seconds' }));
    await userEvent.type(screen.getByLabelText('Clip name'), 'Last minute');
    await userEvent.click(await screen.findByRole('button', { name: 'Goal' }));
    // The stream is still shorter than a minute: the server says so, at the choice.
    post.mockRejectedValueOnce(
      new ApiError({
        status: 400,
        code: 'validation_failed',
        message: 'Clip duration is longer than the end time',
        field: 'duration',
        url: '/clip',
      }),
    );
    await submit();
    expect(await screen.findByText('Clip duration is longer than the end time')).toBeInTheDocument();
    await submit();
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(post.mock.calls[1]?.[1]?.body).toEqual({
      event_id: 5,
      name: 'Last minute',
      start_time: 0,
      duration: 60,
      tags: ['goal'],
    });
  });
});

describe('a live clip asked right after the feed starts', () => {
  it('says the clip is the shorter window there is', async () => {
    // The feed has 12 s so far: the server answers with the clip it cuts, 12 s long.
    post.mockImplementationOnce(async (_path, opts) => ({ data: clip({ ...(opts?.body ?? {}), duration: 12 }) }));
    const { onCreated } = renderEditor(true, { currentTime: 12, duration: null });
    await userEvent.type(await screen.findByLabelText('Clip name'), 'Opening tip');
    await userEvent.click(await screen.findByRole('button', { name: 'Goal' }));
    await submit();
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(onCreated.mock.calls[0]?.[1]).toBe(
      'The live stream has only 12 seconds so far: your clip is those 12 seconds, not 30. It appears in the list below when it is ready.',
    );
  });

  it('says nothing more when the clip is as long as asked', async () => {
    const { onCreated } = renderEditor(true, { currentTime: 300, duration: null });
    await userEvent.type(await screen.findByLabelText('Clip name'), 'Full');
    await userEvent.click(await screen.findByRole('button', { name: 'Goal' }));
    await submit();
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(onCreated.mock.calls[0]?.[1]).toBe(
      'Your clip is being made: it appears in the list below when it is ready.',
    );
  });
});
