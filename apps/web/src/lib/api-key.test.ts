import { describe, expect, it } from 'vitest';
import { API_KEY_STORAGE_KEY, createKeyStore } from './api-key';
import { createStorage, memoryStorage } from './storage';

const keyStore = () => {
  const storage = createStorage(memoryStorage());
  let issued = 0;
  const keys = createKeyStore({ storage, fetchKey: async () => `guest-${++issued}` });
  return { storage, keys };
};

describe('the key store: whose key it holds', () => {
  it('knows a key it fetched is a guest’s, and a session’s key stored in its place is not', async () => {
    const { storage, keys } = keyStore();
    expect(keys.isGuest()).toBe(true);
    await keys.get();
    expect(keys.isGuest()).toBe(true);
    // Signed in: the login's key replaces the guest's.
    storage.set(API_KEY_STORAGE_KEY, 'session-key');
    expect(keys.isGuest()).toBe(false);
    // Signed out: a new guest key.
    await keys.replace();
    expect(keys.isGuest()).toBe(true);
  });

  it('takes the server’s word that a stored key holds no session', () => {
    const { storage, keys } = keyStore();
    // A key stored by an older version, never marked.
    storage.set(API_KEY_STORAGE_KEY, 'old-key');
    expect(keys.isGuest()).toBe(false);
    keys.markGuest();
    expect(keys.isGuest()).toBe(true);
  });
});
