/**
 * Namespaced browser storage. Falls back to memory when localStorage is unavailable (private modes, blocked
 * cookies), so the app keeps working there, just without remembering anything across reloads.
 */
export const STORAGE_PREFIX = 'sideline:';

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function memoryStorage(): KeyValueStorage {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

function browserStorage(): KeyValueStorage {
  try {
    const probe = `${STORAGE_PREFIX}probe`;
    globalThis.localStorage.setItem(probe, '1');
    globalThis.localStorage.removeItem(probe);
    return globalThis.localStorage;
  } catch {
    return memoryStorage();
  }
}

type Expiring<T> = { value: T; expiresAt: number | null };

export function createStorage(backend: KeyValueStorage, now: () => number = () => Date.now()) {
  const k = (key: string) => STORAGE_PREFIX + key;
  return {
    get: (key: string): string | null => backend.getItem(k(key)),
    set: (key: string, value: string) => {
      try {
        backend.setItem(k(key), value);
      } catch {
        // Quota exceeded: remembering is a nicety, never a reason to fail.
      }
    },
    remove: (key: string) => backend.removeItem(k(key)),
    /** A JSON value, or null when absent, unreadable or expired (an expired value is removed). */
    getJson<T>(key: string): T | null {
      const raw = backend.getItem(k(key));
      if (raw === null) return null;
      try {
        const item = JSON.parse(raw) as Expiring<T>;
        if (item.expiresAt !== null && item.expiresAt <= now()) {
          backend.removeItem(k(key));
          return null;
        }
        return item.value;
      } catch {
        return null;
      }
    },
    setJson<T>(key: string, value: T, ttlMs?: number) {
      const item: Expiring<T> = { value, expiresAt: ttlMs === undefined ? null : now() + ttlMs };
      this.set(key, JSON.stringify(item));
    },
  };
}
export type AppStorage = ReturnType<typeof createStorage>;

export const storage: AppStorage = createStorage(browserStorage());
