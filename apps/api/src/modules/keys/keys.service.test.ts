import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movableClock } from '../../../test/support/clock';
import { HEARTLAND, insertUser } from '../../../test/support/rows';
import { dbKinds, openTestDatabase } from '../../../test/support/test-database';
import type { Database } from '../../db/client';
import { type CacheBus, createCache } from '../../lib/cache';
import type { Channel } from '../channel';
import { createKeysRepository } from './keys.repository';
import { createKeysService } from './keys.service';

const TTL_MS = 10_000;
const heartland = { id: HEARTLAND } as Channel;

/** Buses of several processes in one: what one publishes, the others hear at once (Redis, without Redis). */
function linkedBuses(count: number): CacheBus[] {
  const listeners = Array.from({ length: count }, () => new Map<string, ((key: string) => void)[]>());
  return listeners.map((own) => ({
    async publish(topic, key) {
      for (const other of listeners) if (other !== own) for (const listener of other.get(topic) ?? []) listener(key);
    },
    subscribe(topic, onMessage) {
      own.set(topic, [...(own.get(topic) ?? []), onMessage]);
    },
    async close() {},
  }));
}

describe.each(dbKinds())('keys service on %s', (kind) => {
  let database: Database;
  let clock: ReturnType<typeof movableClock>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    clock = movableClock();
  });
  afterAll(async () => {
    clock.restore();
    await database?.close();
  });

  /** One process's keys service, as the app makes it, on a repository that counts its reads. */
  const apiProcess = (bus?: CacheBus) => {
    const repo = createKeysRepository({ db: database.db });
    const reads = { byHash: 0, byId: 0 };
    const counted = {
      ...repo,
      findByHash: (hash: string) => {
        reads.byHash++;
        return repo.findByHash(hash);
      },
      byId: (id: number) => {
        reads.byId++;
        return repo.byId(id);
      },
    };
    const cache = createCache({ ttlMs: TTL_MS, max: 100_000, bus, topic: 'keys' });
    return { keys: createKeysService({ repo: counted, ttlDays: 1, cache }), reads, repo };
  };
  const refused = { status: 401, code: 'api_key_invalid' };

  it('remembers a verified key for its lifetime, then reads it from the database again', async () => {
    const { keys, reads, repo } = apiProcess();
    const { api_key, session } = await keys.issue(heartland);
    expect(await keys.verify(api_key)).toEqual(session);
    expect(await keys.isActive(session.keyId)).toBe(true);
    // Revoked behind the service's back (as another process without a bus would): the cached answers hold.
    await repo.revoke(session.keyId);
    expect(await keys.verify(api_key)).toEqual(session);
    expect(await keys.isActive(session.keyId)).toBe(true);
    expect(reads).toEqual({ byHash: 1, byId: 1 });

    clock.advance(TTL_MS + 1);
    await expect(keys.verify(api_key)).rejects.toMatchObject(refused);
    expect(await keys.isActive(session.keyId)).toBe(false);
    expect(reads).toEqual({ byHash: 2, byId: 2 });
  });

  it('refuses a revoked key right after its revocation, on this process and on the others', async () => {
    const [busA, busB] = linkedBuses(2);
    const a = apiProcess(busA);
    const b = apiProcess(busB);
    const { api_key, session } = await a.keys.issue(heartland);
    const other = await a.keys.issue(heartland);
    for (const { keys } of [a, b]) {
      expect(await keys.verify(api_key)).toEqual(session);
      expect(await keys.verify(other.api_key)).toEqual(other.session);
      expect(await keys.isActive(session.keyId)).toBe(true);
    }

    await a.keys.revoke(session);
    for (const { keys } of [a, b]) {
      await expect(keys.verify(api_key)).rejects.toMatchObject(refused);
      expect(await keys.isActive(session.keyId)).toBe(false);
      // Another key is still answered from memory.
      expect(await keys.verify(other.api_key)).toEqual(other.session);
    }
    expect([a.reads.byHash, b.reads.byHash]).toEqual([3, 3]);
  });

  it('signs a user out everywhere at once: every key of theirs, no one else’s', async () => {
    const [busA, busB] = linkedBuses(2);
    const a = apiProcess(busA);
    const b = apiProcess(busB);
    const fan = await insertUser(database.db, HEARTLAND, 'fan');
    const neighbour = await insertUser(database.db, HEARTLAND, 'neighbour');
    const [phone, laptop, kept, theirs] = await Promise.all([
      a.keys.issue(heartland, fan.id),
      a.keys.issue(heartland, fan.id),
      a.keys.issue(heartland, fan.id),
      a.keys.issue(heartland, neighbour.id),
    ]);
    for (const { keys } of [a, b]) {
      for (const key of [phone, laptop, kept, theirs]) expect(await keys.verify(key.api_key)).toEqual(key.session);
      expect(await keys.isActive(laptop.session.keyId)).toBe(true);
    }

    await a.keys.revokeAllForUser(fan.id, kept.session.keyId);
    for (const { keys, reads } of [a, b]) {
      await expect(keys.verify(phone.api_key)).rejects.toMatchObject(refused);
      await expect(keys.verify(laptop.api_key)).rejects.toMatchObject(refused);
      expect(await keys.isActive(laptop.session.keyId)).toBe(false);
      expect(await keys.verify(kept.api_key)).toEqual(kept.session);
      const before = reads.byHash;
      expect(await keys.verify(theirs.api_key)).toEqual(theirs.session);
      expect(reads.byHash).toBe(before);
    }
  });

  it('forgets a key revoked within a transaction, and does not remember unknown tokens', async () => {
    const { keys, reads } = apiProcess();
    const { api_key, session } = await keys.issue(heartland);
    expect(await keys.verify(api_key)).toEqual(session);
    await database.db.transaction((tx) => keys.withTx(tx).revoke(session));
    await expect(keys.verify(api_key)).rejects.toMatchObject(refused);

    const unknown = randomBytes(32).toString('base64url');
    await expect(keys.verify(unknown)).rejects.toMatchObject(refused);
    await expect(keys.verify(unknown)).rejects.toMatchObject(refused);
    expect(reads.byHash).toBe(4);
  });
});
