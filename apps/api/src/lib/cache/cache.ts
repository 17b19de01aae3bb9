import type { CacheBus } from './bus';

/**
 * A small in-process cache for public, hot, read-mostly data (channel settings, menus, catalogues).
 * Concurrent misses for one key share one load, which matters on PGlite where queries run one at a time.
 * It is never the only copy of anything: entries expire after `ttlMs`, and writers call `invalidate`, which the
 * bus (when given) repeats in every other process under the cache's `topic`.
 */
export type Cache = {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  invalidate(prefix?: string): void;
};

export function createCache({
  ttlMs,
  max = 5000,
  bus,
  topic = 'cache',
}: {
  ttlMs: number;
  max?: number;
  bus?: CacheBus;
  /** The cache's name on the bus: each cache hears only its own invalidations. */
  topic?: string;
}): Cache {
  const entries = new Map<string, { expires: number; value: Promise<unknown> }>();
  const drop = (prefix: string) => {
    if (prefix === '') return entries.clear();
    for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
  };
  bus?.subscribe(topic, drop);
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expires > now) return hit.value as Promise<T>;
      if (entries.size >= max) entries.delete(entries.keys().next().value as string);
      const value = load();
      entries.set(key, { expires: now + ttlMs, value });
      // A failed load must not be cached.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    invalidate(prefix = '') {
      drop(prefix);
      bus?.publish(topic, prefix);
    },
  };
}
