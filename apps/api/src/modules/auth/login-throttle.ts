/**
 * Failed logins per account in a sliding window: past the limit, the account's logins are refused until the
 * window moves on, whatever the address (the per-address limit is the route's rate limit). In-process: with
 * several API processes each keeps its own count, which still bounds guessing to limit x processes.
 */
export function createLoginThrottle({ maxFailures, windowMs }: { maxFailures: number; windowMs: number }) {
  const failures = new Map<string, number[]>();
  const recent = (key: string, now: number) => (failures.get(key) ?? []).filter((t) => now - t < windowMs);
  return {
    isBlocked(key: string, now = Date.now()): boolean {
      return recent(key, now).length >= maxFailures;
    },
    fail(key: string, now = Date.now()) {
      const list = recent(key, now);
      list.push(now);
      failures.set(key, list);
      if (failures.size > 100_000) failures.delete(failures.keys().next().value as string);
    },
    succeed(key: string) {
      failures.delete(key);
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
