import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every account e-mail, written in the same transaction as what caused it, so a crash cannot lose an acknowledged
 * message; a sender delivers it with retries. The bodies carry one-time links, so they are blanked once sent.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial().primaryKey(),
    recipient: text().notNull(),
    fromName: text().notNull(),
    subject: text().notNull(),
    textBody: text(),
    htmlBody: text(),
    link: text(),
    attempts: integer().notNull().default(0),
    /** When the sender may try next; while a sender holds the row it is pushed ahead as a lease. */
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_due').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`)],
);
