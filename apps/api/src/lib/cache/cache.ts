import type { CacheBus } from './bus';

/**
 * A small in-process cache for hot, read-mostly data (channel settings, menus, catalogues, verified api keys).
 * Concurrent misses for one key share one load, which matters on PGlite where queries run one at a time.
 * It is never the only copy of anything: entries expire after `ttlMs` (0: nothing is kept), and writers call
 * `invalidate`, which the bus (when given) repeats in every other process under the cache's `topic`.
 */
export type Cache = {
  /**
   * The value under `key`, loaded once per lifetime; a failed load is not kept. `tags` names what else the loaded
   * value belongs to (an api key's `user:7:`), so that `invalidate` can drop it by those as well as by its key.
   */
  get<T>(key: string, load: () => Promise<T>, tags?: (value: T) => string[]): Promise<T>;
  /** Drops the entries whose key or one of whose tags starts with `prefix` (every entry without one). */
  invalidate(prefix?: string): void;
};

type Entry = {
  expires: number;
  value: Promise<unknown>;
  /** Null while a load that has tags runs: what it belongs to is not known yet. */
  tags: string[] | null;
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
  const entries = new Map<string, Entry>();
  const drop = (prefix: string) => {
    if (prefix === '') return entries.clear();
    for (const [key, entry] of entries) {
      // A load still running may return what changed: the next caller loads again rather than wait for it.
      if (key.startsWith(prefix) || entry.tags === null || entry.tags.some((tag) => tag.startsWith(prefix))) {
        entries.delete(key);
      }
    }
  };
  bus?.subscribe(topic, drop);
  return {
    get<T>(key: string, load: () => Promise<T>, tags?: (value: T) => string[]): Promise<T> {
      if (ttlMs <= 0) return load();
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expires > now) return hit.value as Promise<T>;
      if (entries.size >= max) entries.delete(entries.keys().next().value as string);
      const value = load();
      const entry: Entry = { expires: now + ttlMs, value, tags: tags ? null : [] };
      entries.set(key, entry);
      value.then(
        (loaded) => {
          if (tags) entry.tags = tags(loaded);
        },
        // A failed load must not be cached.
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return value;
    },
    invalidate(prefix = '') {
      drop(prefix);
      void bus?.publish(topic, prefix);
    },
  };
}
