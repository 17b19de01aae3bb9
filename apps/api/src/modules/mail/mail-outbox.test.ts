import { readdir, rm, writeFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newFan } from '../../../test/support/fans';
import { mailsTo } from '../../../test/support/outbox';
import { caller, createTestApp, guestKey, type Inject, type TestApp } from '../../../test/support/test-app';
import { dbKinds } from '../../../test/support/test-database';
import { mailOutbox } from './mail-outbox.table';

describe.each(dbKinds())('mail outbox on %s', (kind) => {
  let t: TestApp;
  let call: Inject;
  beforeAll(async () => {
    t = await createTestApp(kind, { AUTH_RATE_LIMIT_MAX: '1000', MAIL_RETRY_BASE_MS: '20' });
    call = caller(t.app);
  });
  afterAll(() => t.close());

  const register = async (email: string) =>
    call({ method: 'POST', url: '/api/v2/auth/register', key: await guestKey(t.app), body: newFan(email) });
  const rowsTo = (email: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
  const filesTo = async (email: string) =>
    (await readdir(t.outboxDir).catch(() => [] as string[])).filter((f) => f.endsWith(`-${email}.eml`));

  it('queues exactly one message per sign-up and sends it', async () => {
    const [first, second] = await Promise.all([register('one@example.org'), register('one@example.org')]);
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([201, 409]);

    const mails = await mailsTo(t, 'one@example.org');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.link).toMatch(/\/verify-email\?token=/);
    const rows = await rowsTo('one@example.org');
    expect(rows).toHaveLength(1);
    // Sent once, and the one-time link no longer sits in the table.
    expect(rows[0]).toMatchObject({ attempts: 1, lastError: null, textBody: null, htmlBody: null, link: null });
    expect(rows[0]?.sentAt).toBeInstanceOf(Date);
  });

  it('keeps a mail it cannot write and sends it once the outbox is writable again', async () => {
    // A file where the outbox folder should be: writing fails even for root (chmod would not stop it). The sender
    // may be making the folder again for an earlier mail between the two steps (EISDIR): then both again.
    await vi.waitFor(
      async () => {
        await rm(t.outboxDir, { recursive: true, force: true });
        await writeFile(t.outboxDir, 'not a folder');
      },
      { timeout: 5_000, interval: 20 },
    );
    try {
      const res = await register('later@example.org');
      expect(res.statusCode).toBe(201);
      // More than the old three quick tries, and still waiting.
      await vi.waitFor(
        async () => {
          const [row] = await rowsTo('later@example.org');
          expect(row?.attempts).toBeGreaterThanOrEqual(4);
          expect(row?.sentAt).toBeNull();
          expect(row?.lastError).toMatch(/EEXIST|ENOTDIR/);
        },
        { timeout: 10_000, interval: 50 },
      );
    } finally {
      await rm(t.outboxDir, { force: true });
    }
    // The file is written before its row is marked sent: on a loaded machine the two are a moment apart.
    const row = await vi.waitFor(
      async () => {
        expect(await filesTo('later@example.org')).toHaveLength(1);
        const [sent] = await rowsTo('later@example.org');
        expect(sent?.sentAt).toBeInstanceOf(Date);
        return sent;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(row?.attempts).toBeGreaterThanOrEqual(4);
    expect(row?.lastError).toBeNull();
    const [mail] = await mailsTo(t, 'later@example.org');
    expect(mail?.link).toMatch(/\/verify-email\?token=/);
  });

  it('queues the verification resend, reset and deletion mails in the outbox too', async () => {
    const post = async (url: string, body: object, key?: string) =>
      call({ method: 'POST', url, key: key ?? (await guestKey(t.app)), body });
    expect((await register('three@example.org')).statusCode).toBe(201);
    // Signing in unverified sends the verification again.
    expect(
      (await post('/api/v2/auth/login', { email: 'three@example.org', password: 'correct horse 1' })).statusCode,
    ).toBe(403);
    const resent = (await mailsTo(t, 'three@example.org')).at(-1)?.link ?? '';
    const verified = await post('/api/auth/email-verify', { token: new URL(resent).searchParams.get('token') });
    expect(verified.statusCode).toBe(200);
    expect((await post('/api/auth/password-reset-request', { email: 'three@example.org' })).statusCode).toBe(200);
    const key = verified.json().data.api_key;
    expect((await call({ method: 'POST', url: '/api/delete-account-confirm', key })).statusCode).toBe(200);

    const links = (await mailsTo(t, 'three@example.org')).map((m) => m.link?.match(/\/([a-z-]+)\?token=/)?.[1]);
    expect(links).toEqual(['verify-email', 'verify-email', 'password-reset', 'confirm-account-deletion']);
    const rows = await rowsTo('three@example.org');
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.sentAt)).toBe(true);
  });
});
