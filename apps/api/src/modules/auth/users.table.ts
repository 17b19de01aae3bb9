import type { StaffRole } from '@sideline/contract/console';
import type { Capability } from '@sideline/contract/enums';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { channelIdColumn } from '../channel/channel.table';

/** A fan's account on one channel (the same e-mail may hold separate accounts on different channels). */
export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    channelId: channelIdColumn(),
    email: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    phone: text(),
    language: text().notNull().default('en'),
    /** `scrypt$N$r$p$salt$hash`; null for an account that only signs in with a social provider. */
    passwordHash: text(),
    temporaryPassword: boolean().notNull().default(false),
    emailVerifiedAt: timestamp({ withTimezone: true }),
    trialPeriodUsed: boolean().notNull().default(false),
    /** Null: the channel's default capabilities. */
    capabilities: text().array().$type<Capability[]>(),
    clipsCount: integer().notNull().default(0),
    downloadsCount: integer().notNull().default(0),
    termsAcceptedAt: timestamp({ withTimezone: true }),
    /** A role in the channel's console (`owner`, `operator`, `analyst`) or the platform's `admin`; null for a fan. */
    role: text().$type<StaffRole>(),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_channel_email_unique').on(t.channelId, sql`lower(${t.email})`)],
);

export const USER_TOKEN_KINDS = ['email_verify', 'password_reset', 'delete_account', 'session_code'] as const;
export type UserTokenKind = (typeof USER_TOKEN_KINDS)[number];

/** One-time tokens sent by e-mail or shown to the user; only their hash is stored. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().$type<UserTokenKind>().notNull(),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.userId, t.kind)],
);

/** Accounts linked to a social provider's subject id. */
export const socialIdentities = pgTable(
  'social_identities',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channelId: integer().notNull(),
    provider: text().$type<'google' | 'facebook'>().notNull(),
    subject: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.channelId, t.provider, t.subject)],
);
