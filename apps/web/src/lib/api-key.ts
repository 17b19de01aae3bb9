import type { AppStorage } from './storage';

export const API_KEY_STORAGE_KEY = 'api-key';

/**
 * The stored api key: reused across visits, fetched once when missing. Concurrent callers share one fetch,
 * and a renewal after a key error is shared too, so N failing requests make one new key, not N.
 */
export function createKeyStore(opts: { storage: AppStorage; fetchKey: () => Promise<string> }) {
  const { storage } = opts;
  let pending: Promise<string> | null = null;

  const load = (): Promise<string> => {
    pending ??= opts.fetchKey().then(
      (key) => {
        storage.set(API_KEY_STORAGE_KEY, key);
        pending = null;
        return key;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };

  return {
    get: (): Promise<string> => {
      const stored = storage.get(API_KEY_STORAGE_KEY);
      return stored ? Promise.resolve(stored) : load();
    },
    /** Drops `failedKey` and fetches a new one, unless another caller already replaced it. */
    renew: (failedKey: string | null): Promise<string> => {
      const stored = storage.get(API_KEY_STORAGE_KEY);
      if (stored && stored !== failedKey) return Promise.resolve(stored);
      storage.remove(API_KEY_STORAGE_KEY);
      return load();
    },
    /** Drops the stored key, whatever it is, and fetches a new one. */
    replace: (): Promise<string> => {
      storage.remove(API_KEY_STORAGE_KEY);
      return load();
    },
  };
}
export type KeyStore = ReturnType<typeof createKeyStore>;
