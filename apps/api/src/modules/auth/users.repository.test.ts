import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEARTLAND, insertUser, SOFIA } from '../../../test/support/rows';
import { dbKinds, openTestDatabase } from '../../../test/support/test-database';
import type { Database } from '../../db/client';
import { createUsersRepository, type NewUser, type UsersRepository } from './users.repository';
import { userTokens } from './users.table';

const HOUR = 3_600_000;
const hash = () => randomBytes(16).toString('hex');

describe.each(dbKinds())('users repository on %s', (kind) => {
  let database: Database;
  let repo: UsersRepository;

  const newUser = (email: string, channelId = HEARTLAND): NewUser => ({
    channelId,
    email,
    firstName: 'Ana',
    lastName: 'Ivanova',
  });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    repo = createUsersRepository({ db: database.db });
  });
  afterAll(() => database.close());

  it('holds one account per e-mail and channel, whatever its case, and finds it in any case', async () => {
    const email = `Ana.${hash().slice(0, 6)}@Example.org`;
    const ana = await repo.insert(newUser(email));
    expect(ana?.email).toBe(email);
    expect(await repo.insert(newUser(email.toLowerCase()))).toBeUndefined();
    expect(await repo.insert(newUser(email.toUpperCase()))).toBeUndefined();
    // The same e-mail is a separate account on another channel.
    const onSofia = await repo.insert(newUser(email, SOFIA));
    expect(onSofia?.id).not.toBe(ana?.id);

    expect((await repo.byEmail(HEARTLAND, email.toUpperCase()))?.id).toBe(ana?.id);
    expect((await repo.byEmail(SOFIA, email.toLowerCase()))?.id).toBe(onSofia?.id);
    expect(await repo.byEmail(HEARTLAND, `nobody-${email}`)).toBeUndefined();
  });

  it('writes nothing when the transaction its writes ran in rolls back', async () => {
    const email = `rollback-${hash().slice(0, 6)}@example.org`;
    await expect(
      repo.transaction(async (tx) => {
        const row = await repo.withTx(tx).insert(newUser(email));
        if (!row) throw new Error('no user');
        await repo
          .withTx(tx)
          .insertToken({ userId: row.id, kind: 'email_verify', tokenHash: hash(), expiresAt: new Date() });
        expect((await repo.withTx(tx).byEmail(HEARTLAND, email))?.id).toBe(row.id);
        throw new Error('mail outbox refused');
      }),
    ).rejects.toThrow('mail outbox refused');
    expect(await repo.byEmail(HEARTLAND, email)).toBeUndefined();
    // A committed one is there.
    const kept = await repo.transaction((tx) => repo.withTx(tx).insert(newUser(email)));
    expect((await repo.byEmail(HEARTLAND, email))?.id).toBe(kept?.id);
  });

  it('counts downloads and clips up to the limit and no further; null means no limit', async () => {
    const fan = await insertUser(database.db, HEARTLAND, 'counter');
    expect(await repo.countDownload(fan.id, 2)).toBe(1);
    expect(await repo.countDownload(fan.id, 2)).toBe(2);
    expect(await repo.countDownload(fan.id, 2)).toBeNull();
    expect((await repo.byId(fan.id))?.downloadsCount).toBe(2);
    // Two requests at once cannot both take the last clip.
    await repo.countClip(fan.id, 3);
    await repo.countClip(fan.id, 3);
    const racing = await Promise.all([repo.countClip(fan.id, 3), repo.countClip(fan.id, 3)]);
    expect(racing.filter((n) => n === 3)).toHaveLength(1);
    expect(racing.filter((n) => n === null)).toHaveLength(1);
    expect((await repo.byId(fan.id))?.clipsCount).toBe(3);
    expect(await repo.countClip(fan.id, null)).toBe(4);
    expect(await repo.countClip(fan.id, 0)).toBeNull();
    expect(await repo.countClip(-1, null)).toBeNull();
  });

  it('gives a clip back without going below zero', async () => {
    const fan = await insertUser(database.db, HEARTLAND, 'uncount');
    await repo.countClip(fan.id, null);
    await repo.uncountClip(fan.id);
    await repo.uncountClip(fan.id);
    expect((await repo.byId(fan.id))?.clipsCount).toBe(0);
    expect(await repo.countClip(fan.id, 1)).toBe(1);
  });

  it('uses a token once, and never once expired', async () => {
    const fan = await insertUser(database.db, HEARTLAND, 'token');
    const live = hash();
    const expired = hash();
    await repo.insertToken({
      userId: fan.id,
      kind: 'email_verify',
      tokenHash: live,
      expiresAt: new Date(Date.now() + HOUR),
    });
    await repo.insertToken({
      userId: fan.id,
      kind: 'email_verify',
      tokenHash: expired,
      expiresAt: new Date(Date.now() - 1),
    });
    const token = await repo.tokenByHash('email_verify', live);
    if (!token) throw new Error('token not found');
    expect(await repo.tokenByHash('password_reset', live)).toBeUndefined();
    const [first, second] = await Promise.all([repo.useToken(token.id), repo.useToken(token.id)]);
    expect([first, second].sort()).toEqual([false, true]);
    expect(await repo.useToken(token.id)).toBe(false);
    const old = await repo.tokenByHash('email_verify', expired);
    expect(await repo.useToken(old?.id ?? -1)).toBe(false);
    expect((await repo.tokenByHash('email_verify', expired))?.usedAt).toBeNull();
  });

  it('kills every outstanding reset link, deletion link and sign-in code when the password changes, and only those', async () => {
    const fan = await insertUser(database.db, HEARTLAND, 'reset');
    const other = await insertUser(database.db, HEARTLAND, 'reset-other');
    const expiresAt = new Date(Date.now() + HOUR);
    const reset = [hash(), hash()];
    const verify = hash();
    const othersReset = hash();
    for (const tokenHash of reset)
      await repo.insertToken({ userId: fan.id, kind: 'password_reset', tokenHash, expiresAt });
    await repo.insertToken({ userId: fan.id, kind: 'email_verify', tokenHash: verify, expiresAt });
    await repo.insertToken({ userId: fan.id, kind: 'session_code', tokenHash: hash(), expiresAt });
    await repo.insertToken({ userId: fan.id, kind: 'delete_account', tokenHash: hash(), expiresAt });
    await repo.insertToken({ userId: other.id, kind: 'password_reset', tokenHash: othersReset, expiresAt });

    const updated = await repo.setPassword(fan.id, 'scrypt$new', { temporaryPassword: false });
    expect(updated?.passwordHash).toBe('scrypt$new');
    const tokens = await database.db.select().from(userTokens).where(eq(userTokens.userId, fan.id));
    const ended = tokens.filter((t) => t.kind !== 'email_verify');
    expect(ended.map((t) => t.kind).sort()).toEqual([
      'delete_account',
      'password_reset',
      'password_reset',
      'session_code',
    ]);
    expect(ended.every((t) => t.usedAt !== null)).toBe(true);
    expect(tokens.find((t) => t.kind === 'email_verify')?.usedAt).toBeNull();
    expect((await repo.tokenByHash('password_reset', othersReset))?.usedAt).toBeNull();
    const killed = await repo.tokenByHash('password_reset', reset[0] ?? '');
    expect(await repo.useToken(killed?.id ?? -1)).toBe(false);
  });

  it('links a social identity once per channel, provider and subject', async () => {
    const fan = await insertUser(database.db, HEARTLAND, 'social');
    const impostor = await insertUser(database.db, HEARTLAND, 'social-2');
    const subject = `g-${hash()}`;
    await repo.linkSocial({ userId: fan.id, channelId: HEARTLAND, provider: 'google', subject });
    await repo.linkSocial({ userId: impostor.id, channelId: HEARTLAND, provider: 'google', subject });
    expect((await repo.socialUser(HEARTLAND, 'google', subject))?.id).toBe(fan.id);
    expect(await repo.socialUser(HEARTLAND, 'facebook', subject)).toBeUndefined();
    expect(await repo.socialUser(SOFIA, 'google', subject)).toBeUndefined();
    await repo.remove(fan.id);
    expect(await repo.byId(fan.id)).toBeUndefined();
    expect(await repo.socialUser(HEARTLAND, 'google', subject)).toBeUndefined();
  });
});
