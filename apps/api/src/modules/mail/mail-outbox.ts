import { and, asc, eq, gt, inArray, isNull, lte, min, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { createDueRunner } from '../../lib/due-runner';
import type { MailMessage } from './mail.types';
import { mailOutbox } from './mail-outbox.table';
import type { Mailer } from './mailer';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export type MailOutboxOptions = {
  db: Db;
  mailer: Mailer;
  log: Log;
  /** Asks a worker to send now (the job queue); the poller covers a wake that never arrives. */
  wake: () => Promise<void>;
  /** Wait after the first failure; it doubles with each attempt up to `maxRetryMs`. */
  retryBaseMs?: number;
  maxRetryMs?: number;
  /** Longest pause between two looks at the table (rows queued by another process, missed wakes). */
  pollMs?: number;
  /**
   * True when this process is the database's only user (PGlite): rows held by a sender that died are taken back at
   * start instead of after their lease.
   */
  exclusive?: boolean;
};

/** How long a sender holds a row it is sending; a crashed sender's rows come back after it. */
const LEASE_MS = 2 * 60_000;
/** Links in account mails expire within two days; past this a message is not worth sending. */
const GIVE_UP_AFTER_MS = 3 * 24 * 3_600_000;
const BATCH = 8;

/**
 * The durable mail outbox: `enqueue` writes the rendered message in the caller's transaction, the sender delivers
 * due rows with exponential back-off and never drops one for a transport error. The table is the source of truth;
 * the job queue only wakes the sender, and a timer looks again in case a wake is lost.
 */
export function createMailOutbox({
  db,
  mailer,
  log,
  wake,
  retryBaseMs = 5_000,
  maxRetryMs = 30 * 60_000,
  pollMs = 5_000,
  exclusive = false,
}: MailOutboxOptions) {
  const backoff = (attempts: number) => Math.min(maxRetryMs, retryBaseMs * 2 ** Math.max(0, attempts - 1));

  /** Takes a batch of due rows, counting the attempt and leasing them, so two senders never send one row twice. */
  async function claim(now: Date) {
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(
          and(
            isNull(mailOutbox.sentAt),
            // Due by the database's clock, which also stamped the row: the JS clock has only milliseconds, so a row
            // written in the same millisecond (PostgreSQL keeps microseconds) would wait a whole poll.
            lte(mailOutbox.nextAttemptAt, sql`now()`),
            gt(mailOutbox.createdAt, new Date(now.getTime() - GIVE_UP_AFTER_MS)),
          ),
        )
        .orderBy(asc(mailOutbox.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(mailOutbox)
        .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
        .where(
          inArray(
            mailOutbox.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
    });
  }

  async function deliver(row: typeof mailOutbox.$inferSelect) {
    const message: MailMessage = {
      to: row.recipient,
      fromName: row.fromName,
      subject: row.subject,
      text: row.textBody ?? '',
      html: row.htmlBody ?? '',
      ...(row.link ? { link: row.link } : {}),
    };
    try {
      // Named after the row, so a resend after a crash replaces the file rather than adding a second mail.
      await mailer.send(message, `${row.createdAt.getTime()}-${String(row.id).padStart(8, '0')}`);
    } catch (err) {
      const retryAt = new Date(Date.now() + backoff(row.attempts));
      log.warn({ err, mail: row.id, attempts: row.attempts, retryAt }, 'mail not sent, will retry');
      await db
        .update(mailOutbox)
        .set({ nextAttemptAt: retryAt, lastError: String((err as Error)?.message ?? err).slice(0, 500) })
        .where(eq(mailOutbox.id, row.id));
      return;
    }
    // The one-time link is only needed until the message has left.
    await db
      .update(mailOutbox)
      .set({ sentAt: new Date(), lastError: null, textBody: null, htmlBody: null, link: null })
      .where(eq(mailOutbox.id, row.id));
  }

  async function sendAll() {
    for (;;) {
      const rows = await claim(new Date());
      if (rows.length === 0) return;
      await Promise.all(rows.map(deliver));
    }
  }

  /** When the next unsent row falls due (a retry), bounded by the poll interval. */
  async function nextDelay(): Promise<number> {
    const [row] = await db
      .select({ next: min(mailOutbox.nextAttemptAt) })
      .from(mailOutbox)
      .where(isNull(mailOutbox.sentAt));
    const next = row?.next ? new Date(row.next).getTime() - Date.now() : pollMs;
    return Math.max(10, Math.min(pollMs, next));
  }

  /**
   * Sends every due row. One run at a time per process: a call during a run makes the run look once more and
   * resolves with it, so whoever waits for the job queue also waits for mail the timer had started sending.
   */
  const runner = createDueRunner({ work: sendAll, nextDelay, pollMs, log, failure: 'mail outbox run failed' });
  const sendDue = runner.run;

  return {
    /** Queues a rendered message; pass the transaction that writes what the message is about. */
    async enqueue(message: MailMessage, tx: Db = db): Promise<void> {
      await tx.insert(mailOutbox).values({
        recipient: message.to,
        fromName: message.fromName,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
        link: message.link ?? null,
      });
    },
    /** Call once the enqueuing transaction has committed. A failed wake only delays the mail until the next poll. */
    async wake(): Promise<void> {
      await wake().catch((err) => log.warn({ err }, 'could not wake the mail sender; the poller will send'));
    },
    sendDue,
    /** Cleans what a killed process left, then sends what is waiting (mail acknowledged before a crash). */
    async start() {
      await mailer.cleanPartials();
      if (exclusive) {
        // A failure here must not stop the server from starting: the first run retries the same rows later.
        await db
          .update(mailOutbox)
          .set({ nextAttemptAt: new Date() })
          .where(and(isNull(mailOutbox.sentAt), gt(mailOutbox.nextAttemptAt, new Date())))
          .catch((err) => log.error({ err }, 'could not take back the mail of a stopped sender'));
      }
      runner.start();
    },
    stop: runner.stop,
  };
}
export type MailOutbox = ReturnType<typeof createMailOutbox>;
