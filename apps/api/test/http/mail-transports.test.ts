import { readdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMail, type ReceivedMail } from '../support/outbox';
import { caller, createTestApp, guestKey, type TestApp } from '../support/test-app';
import { dbKinds } from '../support/test-database';

const fan = (email: string) => ({
  first_name: 'Sam',
  last_name: 'Tp',
  email,
  password: 'correct horse 1',
  password_confirmation: 'correct horse 1',
  terms_accepted: true,
});

describe('account mail through a real SMTP server', () => {
  const received: ReceivedMail[] = [];
  let smtp: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          parseMail(Buffer.concat(chunks)).then((m) => {
            received.push(m);
            done();
          }, done);
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    const [kind] = dbKinds();
    t = await createTestApp(kind ?? 'pglite', {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'fans@heartland.example',
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the verification e-mail over SMTP and writes nothing to the outbox', async () => {
    const res = await caller(t.app)({
      method: 'POST',
      url: '/api/v2/auth/register',
      key: await guestKey(t.app),
      body: fan('smtp@example.org'),
    });
    expect(res.statusCode).toBe(201);
    await t.services.jobs.drain();
    const mail = received.find((m) => m.to.includes('smtp@example.org'));
    expect(mail?.subject).toBe('Confirm your e-mail for Heartland Conference Network');
    expect(mail?.link).toMatch(/\/verify-email\?token=/);
    expect(await readdir(t.outboxDir).catch(() => [])).toEqual([]);
  });
});

describe('jobs on Redis with BullMQ', () => {
  let t: TestApp;
  beforeAll(async () => {
    const [kind] = dbKinds();
    t = await createTestApp(kind ?? 'pglite', {
      REDIS_URL: 'redis://127.0.0.1:6379',
      JOBS_PREFIX: `test-${process.pid}-${Date.now()}`,
    });
  });
  afterAll(() => t.close());

  it('sends the account mail through the queue', async () => {
    const res = await caller(t.app)({
      method: 'POST',
      url: '/api/v2/auth/register',
      key: await guestKey(t.app),
      body: fan('queued@example.org'),
    });
    expect(res.statusCode).toBe(201);
    await t.services.jobs.drain();
    const files = await readdir(t.outboxDir);
    expect(files.some((f) => f.includes('queued@example.org'))).toBe(true);
  });
});
