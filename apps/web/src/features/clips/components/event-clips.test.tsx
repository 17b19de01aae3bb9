import type { Clip } from '@sideline/contract/clips';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { mockedCall } from '@/test/mocked-api';
import { clipOf } from '../testing/clip';
import { CLIP_POLL_MS } from '../utils/clip-state';
import { EventClips } from './event-clips';

vi.mock('@/lib/api-client', async () => (await import('@/test/fake-api-client')).fakeApiClient());
const get = mockedCall(api.get);
afterEach(() => vi.clearAllMocks());

const clip = (state: Partial<Clip>) =>
  clipOf({ id: 3, name: 'Top corner', start_time: 12, duration: 10, tags: ['goal'], ...state });

const renderClips = (canDownload = false) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Suspense fallback={null}>
        <EventClips eventId={5} canDownload={canDownload} />
      </Suspense>
    </QueryClientProvider>,
  );

describe('the game’s clips under the player', () => {
  it('follow a new clip from queued to ready without a reload, then stop asking', async () => {
    const states = [
      clip({ status: 'queued' }),
      clip({ status: 'processing', progress: 50 }),
      clip({ status: 'ready', progress: 100, url: '/media/clips/a.mp4', thumbnail: '/media/clips/a.jpg' }),
    ];
    let calls = 0;
    get.mockImplementation(async (path) => {
      if (path === '/clips/tags') return { data: [{ alias: 'goal', names: { en: 'Goal', fr: 'But', bg: 'Гол' } }] };
      const state = states[Math.min(calls++, states.length - 1)];
      return { data: [state], meta: { total: 1, offset: 0, limit: 100 } };
    });
    renderClips();
    expect(await screen.findByText('Queued')).toBeInTheDocument();
    expect(await screen.findByText('Processing 50%', {}, { timeout: CLIP_POLL_MS * 3 })).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Play Top corner' }, { timeout: CLIP_POLL_MS * 3 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Ready')).toBeInTheDocument();
    expect(screen.getByText('Yours')).toBeInTheDocument();
    expect(await screen.findByText('Goal')).toBeInTheDocument();
    // Ready: no more polling.
    const asked = calls;
    await new Promise((resolve) => setTimeout(resolve, CLIP_POLL_MS * 2));
    expect(calls).toBe(asked);
    // Real time: two polls to ready, then two beats without one.
  }, 15_000);

  it('say when a clip failed, in the catalogue’s words', async () => {
    get.mockImplementation(async (path) =>
      path === '/clips/tags'
        ? { data: [] }
        : {
            data: [clip({ status: 'failed', error: 'clip creating failed' })],
            meta: { total: 1, offset: 0, limit: 100 },
          },
    );
    renderClips();
    expect(await screen.findByText('clip creating failed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Play Top corner' })).not.toBeInTheDocument();
  });

  it('hold their place while the list loads, so the game’s details below do not jump when it arrives', async () => {
    let answer: (value: unknown) => void = () => undefined;
    get.mockImplementation((path) =>
      path === '/clips/tags' ? Promise.resolve({ data: [] }) : new Promise((resolve) => (answer = resolve)),
    );
    renderClips();
    const heading = await screen.findByRole('heading', { name: 'Clips of this game' });
    const section = heading.closest('section');
    expect(section).toHaveAttribute('aria-busy', 'true');
    // The line the answer takes is there already, empty.
    expect(section?.querySelectorAll('p')).toHaveLength(1);
    answer({ data: [], meta: { total: 0, offset: 0, limit: 100 } });
    expect(await screen.findByText('No clips of this game yet.')).toBeInTheDocument();
    expect(section).not.toHaveAttribute('aria-busy');
    expect(section?.querySelectorAll('p')).toHaveLength(1);
  });

  it('offer the owner their clip’s download, share and delete, as My clips does, and nobody else’s', async () => {
    const ready = { status: 'ready', progress: 100, url: '/media/clips/a.mp4' } as const;
    get.mockImplementation(async (path) =>
      path === '/clips/tags'
        ? { data: [] }
        : {
            data: [clip({ ...ready }), clip({ ...ready, id: 4, name: 'Long range', own: false })],
            meta: { total: 2, offset: 0, limit: 100 },
          },
    );
    renderClips(true);
    expect(await screen.findByRole('button', { name: 'Download: Top corner' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share: Top corner' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete: Top corner' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play Long range' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /: Long range$/ })).not.toBeInTheDocument();
  });

  it('leave out the download for an owner whose access has no clip downloads', async () => {
    get.mockImplementation(async (path) =>
      path === '/clips/tags'
        ? { data: [] }
        : {
            data: [clip({ status: 'ready', progress: 100, url: '/media/clips/a.mp4' })],
            meta: { total: 1, offset: 0, limit: 100 },
          },
    );
    renderClips(false);
    expect(await screen.findByRole('button', { name: 'Share: Top corner' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete: Top corner' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download: Top corner' })).not.toBeInTheDocument();
  });
});
