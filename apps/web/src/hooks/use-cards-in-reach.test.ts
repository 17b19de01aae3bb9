import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useCardsInReach } from './use-cards-in-reach';

// The observed path (cards made as the fan nears them) runs in Chromium: e2e/browse/home.test.ts.
describe('a rail’s cards in reach', () => {
  it('makes every card, a step per task, where the browser has no IntersectionObserver', async () => {
    expect(typeof IntersectionObserver).toBe('undefined');
    const seen: number[] = [];
    const { result } = renderHook(() => {
      const { shown } = useCardsInReach<HTMLLIElement>(10, 4);
      seen.push(shown);
      return shown;
    });
    expect(seen[0]).toBe(4);
    await waitFor(() => expect(result.current).toBe(10));
  });

  it('never counts more cards than the rail has', () => {
    const { result } = renderHook(() => useCardsInReach<HTMLLIElement>(2, 4));
    expect(result.current.shown).toBe(2);
  });
});
