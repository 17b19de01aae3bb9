/** The p-th percentile of the values, interpolated between the nearest ranks (NaN when there are none). */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return Number.NaN;
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return (sorted[lo] ?? 0) + ((sorted[hi] ?? 0) - (sorted[lo] ?? 0)) * (rank - lo);
}

/** Median, 95th percentile and spread of a bench's runs. */
export const summary = (values: readonly number[]) => ({
  median: percentile(values, 50),
  p95: percentile(values, 95),
  min: Math.min(...values),
  max: Math.max(...values),
});
export type Summary = ReturnType<typeof summary>;
