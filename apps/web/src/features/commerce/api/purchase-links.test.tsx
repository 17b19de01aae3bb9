import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { pass } from '../testing/fixtures';
import { passesQueryKey } from './get-passes';
import { usePurchaseLinks } from './purchase-links';

vi.mock('@/lib/api-client', async () => (await import('@/test/fake-api-client')).fakeApiClient());

function links(event: { id: number; type: string; has_access: boolean }) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(passesQueryKey, [pass({ id: 2, name: 'Single game', is_single_event: true })]);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => usePurchaseLinks(event), { wrapper }).result.current;
}

describe("the game page's purchase offer", () => {
  it('offers the game and the passes to a fan without access', () => {
    expect(links({ id: 7, type: 'paid', has_access: false })).toEqual({
      buy: '/buy?event_id=7&package_id=2',
      passes: '/packages',
    });
  });

  it('offers nothing to buy when the fan’s pass or plan already opens the game (has_access)', () => {
    expect(links({ id: 7, type: 'paid', has_access: true })).toBeUndefined();
    expect(links({ id: 8, type: 'ppv', has_access: true })).toBeUndefined();
  });
});
