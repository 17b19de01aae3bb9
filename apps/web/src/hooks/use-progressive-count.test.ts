import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useProgressiveCount } from './use-progressive-count';

describe('a long list shown a few at a time', () => {
  it('shows the first step at once, then the rest in later tasks, and follows a list that grows', async () => {
    const seen: number[] = [];
    const { result, rerender } = renderHook(
      ({ total }) => {
        const shown = useProgressiveCount(total, 6);
        seen.push(shown);
        return shown;
      },
      { initialProps: { total: 20 } },
    );
    expect(seen[0]).toBe(6);
    await waitFor(() => expect(result.current).toBe(20));
    // Each render shows at most one step more than the one before.
    for (let i = 1; i < seen.length; i++) expect((seen[i] ?? 0) - (seen[i - 1] ?? 0)).toBeLessThanOrEqual(6);
    rerender({ total: 44 });
    await waitFor(() => expect(result.current).toBe(44));
  });

  it('never shows more than there is', () => {
    const { result } = renderHook(() => useProgressiveCount(3, 6));
    expect(result.current).toBe(3);
  });
});
