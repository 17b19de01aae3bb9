import type { Capability, Offer, PassKind, PassType } from '@sideline/contract/enums';
import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { channelIdColumn } from '../channel/channel.table';

/** Packages (one-off) and subscriptions (renewing): the spec's passes. */
export const passes = pgTable(
  'passes',
  {
    id: serial().primaryKey(),
    channelId: channelIdColumn(),
    kind: text().$type<PassKind>().notNull(),
    name: text().notNull(),
    description: text(),
    basePriceCents: integer().notNull(),
    serviceFeeCents: integer().notNull().default(0),
    image: text(),
    offer: text().$type<Offer>(),
    period: integer(),
    trialPeriodDays: integer(),
    weight: integer().notNull().default(0),
    passType: text().$type<PassType>().notNull().default('regular'),
    isTeamPass: boolean().notNull().default(false),
    isSingleEvent: boolean().notNull().default(false),
    isBasic: boolean().notNull().default(false),
    eventCategoryId: integer(),
    eventCategories: integer().array().notNull().default([]),
    participants: integer().array().notNull().default([]),
    groupName: text(),
    /** What an active order for this pass grants (the basic pass's trial grants them for its trial days). */
    capabilities: text().array().$type<Capability[]>().notNull().default([]),
    clipsLimit: integer().notNull().default(0),
    downloadsLimit: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [index().on(t.channelId, t.kind, t.weight)],
);
