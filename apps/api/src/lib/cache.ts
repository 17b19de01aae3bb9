/**
 * A small in-process cache for public, hot, read-mostly data (channel settings, menus, catalogues).
 * Concurrent misses for one key share one load, which matters on PGlite where queries run one at a time.
 * It is never the only copy of anything: entries expire after `ttlMs`, and writers call `invalidate`.
 */
export type Cache = {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  invalidate(prefix?: string): void;
};

export function createCache({ ttlMs, max = 5000 }: { ttlMs: number; max?: number }): Cache {
  const entries = new Map<string, { expires: number; value: Promise<unknown> }>();
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
    invalidate(prefix?: string) {
      if (prefix === undefined) return entries.clear();
      for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
    },
  };
}
