import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { mockedCall } from '@/test/mocked-api';
import { event } from '../testing/fixtures';
import { useEventsPages } from './get-events';
import { LISTING_REFRESH_MS } from './listing-refresh';

vi.mock('@/lib/api-client', async () => (await import('@/test/fake-api-client')).fakeApiClient());
const get = mockedCall(api.get);

const page = (status: 'upcoming' | 'live') => ({
  data: [event({ id: 7, stream_status: status })],
  meta: { offset: 0, limit: 24, total: 1, has_more: false },
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  get.mockReset();
});

describe('an open listing', () => {
  it('asks again on its beat, so a game its encoder put on air shows live without a reload', async () => {
    get.mockResolvedValueOnce(page('upcoming')).mockResolvedValue(page('live'));
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useEventsPages({ stream_status: 'upcoming,live' }), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(result.current.data?.pages[0]?.data[0]?.stream_status).toBe('upcoming');
    await act(() => vi.advanceTimersByTimeAsync(LISTING_REFRESH_MS - 1_000));
    expect(get).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(get).toHaveBeenCalledTimes(2);
    expect(result.current.data?.pages[0]?.data[0]?.stream_status).toBe('live');
    client.clear();
  });
});
