import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEARTLAND, insertUser, SOFIA } from '../../../test/support/rows';
import { dbKinds, openTestDatabase } from '../../../test/support/test-database';
import type { Database } from '../../db/client';
import { apiKeys } from './api-key.table';
import { createKeysRepository, type KeysRepository } from './keys.repository';

const DAY = 86_400_000;
const hash = () => randomBytes(32).toString('hex');

describe.each(dbKinds())('keys repository on %s', (kind) => {
  let database: Database;
  let repo: KeysRepository;

  const key = (values: { channelId?: number; userId?: number | null; expiresAt?: Date } = {}) =>
    repo.insert({
      channelId: values.channelId ?? HEARTLAND,
      tokenHash: hash(),
      expiresAt: values.expiresAt ?? new Date(Date.now() + DAY),
      userId: values.userId ?? null,
    });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    repo = createKeysRepository({ db: database.db });
  });
  afterAll(() => database.close());

  it('finds a key by its hash with its channel, expiry and whether its user must change the password', async () => {
    const expiresAt = new Date('2031-02-03T04:05:06.789Z');
    const guest = await key({ channelId: SOFIA, expiresAt });
    const found = await repo.findByHash(guest.tokenHash);
    expect(found).toMatchObject({
      id: guest.id,
      channelId: SOFIA,
      userId: null,
      revokedAt: null,
      temporaryPassword: false,
    });
    expect(found?.expiresAt.toISOString()).toBe(expiresAt.toISOString());

    const temporary = await insertUser(database.db, HEARTLAND, 'temp', { temporaryPassword: true });
    const signedIn = await key({ userId: temporary.id });
    expect(await repo.findByHash(signedIn.tokenHash)).toMatchObject({ userId: temporary.id, temporaryPassword: true });
    expect(await repo.findByHash(hash())).toBeUndefined();
  });

  it('refuses a second key with the same token hash', async () => {
    const first = await key();
    await expect(
      repo.insert({ channelId: HEARTLAND, tokenHash: first.tokenHash, expiresAt: new Date(Date.now() + DAY) }),
    ).rejects.toThrow();
  });

  it('revokes a key once: revoking it again keeps the first time', async () => {
    const row = await key();
    const other = await key();
    await repo.revoke(row.id);
    const revokedAt = (await repo.byId(row.id))?.revokedAt;
    expect(revokedAt).toBeInstanceOf(Date);
    expect((await repo.byId(other.id))?.revokedAt).toBeNull();
    // Revoked an hour ago: a second revoke (a double sign-out) keeps that time.
    const earlier = new Date(Date.now() - 3_600_000);
    await database.db.update(apiKeys).set({ revokedAt: earlier }).where(eq(apiKeys.id, row.id));
    await repo.revoke(row.id);
    expect((await repo.byId(row.id))?.revokedAt?.toISOString()).toBe(earlier.toISOString());
  });

  it('revokes every live key of a user but the one kept, and no one else’s', async () => {
    const fan = await insertUser(database.db, HEARTLAND, 'sessions');
    const neighbour = await insertUser(database.db, HEARTLAND, 'neighbour');
    const [phone, laptop, current] = [
      await key({ userId: fan.id }),
      await key({ userId: fan.id }),
      await key({ userId: fan.id }),
    ];
    const theirs = await key({ userId: neighbour.id });
    const guest = await key();
    await repo.revoke(phone.id);
    const earlier = new Date(Date.now() - 3_600_000);
    await database.db.update(apiKeys).set({ revokedAt: earlier }).where(eq(apiKeys.id, phone.id));

    await repo.revokeAllForUser(fan.id, current.id);
    expect((await repo.byId(laptop.id))?.revokedAt).toBeInstanceOf(Date);
    expect((await repo.byId(current.id))?.revokedAt).toBeNull();
    expect((await repo.byId(phone.id))?.revokedAt?.toISOString()).toBe(earlier.toISOString());
    expect((await repo.byId(theirs.id))?.revokedAt).toBeNull();
    expect((await repo.byId(guest.id))?.revokedAt).toBeNull();

    // Without a key to keep (a password reset), all go.
    await repo.revokeAllForUser(fan.id);
    expect((await repo.byId(current.id))?.revokedAt).toBeInstanceOf(Date);
  });

  it('keeps keys live when the transaction revoking them rolls back', async () => {
    const fan = await insertUser(database.db, HEARTLAND, 'rollback');
    const row = await key({ userId: fan.id });
    const rotated = hash();
    await expect(
      database.db.transaction(async (tx) => {
        const inTx = repo.withTx(tx);
        await inTx.revokeAllForUser(fan.id);
        expect((await inTx.byId(row.id))?.revokedAt).toBeInstanceOf(Date);
        await inTx.insert({ channelId: HEARTLAND, tokenHash: rotated, expiresAt: new Date(), userId: fan.id });
        throw new Error('password write failed');
      }),
    ).rejects.toThrow('password write failed');
    expect((await repo.byId(row.id))?.revokedAt).toBeNull();
    expect(await repo.findByHash(rotated)).toBeUndefined();
  });
});
