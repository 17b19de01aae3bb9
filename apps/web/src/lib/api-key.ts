import type { AppStorage } from './storage';

export const API_KEY_STORAGE_KEY = 'api-key';
/**
 * The stored key when it is known to be a guest's (issued by `get_api_key`, or answered 401 by the profile):
 * a guest's pages then ask for no profile, a call bound to fail. A session's key (sign-in) differs from it.
 * early-start.js reads it under the same name.
 */
export const GUEST_KEY_STORAGE_KEY = 'guest-key';

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
        // `get_api_key` only ever issues guest keys.
        storage.set(GUEST_KEY_STORAGE_KEY, key);
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
    /** Whether the stored key is known to be a guest's (no key yet: the one fetched will be). */
    isGuest: (): boolean => {
      const stored = storage.get(API_KEY_STORAGE_KEY);
      return !stored || stored === storage.get(GUEST_KEY_STORAGE_KEY);
    },
    /** The server said the stored key holds no session (the profile's 401): it is a guest's from now on. */
    markGuest: () => {
      const stored = storage.get(API_KEY_STORAGE_KEY);
      if (stored) storage.set(GUEST_KEY_STORAGE_KEY, stored);
    },
    /** Drops the stored key, whatever it is, and fetches a new one. */
    replace: (): Promise<string> => {
      storage.remove(API_KEY_STORAGE_KEY);
      return load();
    },
  };
}
export type KeyStore = ReturnType<typeof createKeyStore>;
