import type { Branding, BrandingUpdate, CreatedChannel, NewChannel, StaffRole } from '@sideline/contract/console';
import type { StreamKey } from '@sideline/contract/ingest';
import type { Db } from '../../db/client';
import type { PasswordHasher } from '../../lib/password';
import type { UsersRepository } from '../auth';
import type { Channel, ChannelRepository, ChannelRow, ChannelService } from '../channel';
import type { EventsService } from '../events';
import type { StreamKeysService } from '../ingest';
import type { MailOutbox } from '../mail';
import { type Actor, createAuditRepository } from './audit.repository';
import { createCatalogueRepository } from './catalogue.repository';
import { createCatalogueService } from './catalogue.service';
import { consoleErrors } from './console.errors';
import { createContentRepository } from './content.repository';
import { createContentService } from './content.service';
import { createGamesRepository } from './games.repository';
import { createGamesService } from './games.service';
import { createGamesImport } from './games-import';
import { createChannel } from './new-channel';
import { createStaffService } from './staff.service';

/** Who changes things from the command line: no account, and the audit log says so. */
export const COMMAND_ACTOR: Actor = { id: null, email: 'command line', role: 'command', address: null };

/** A signed-in account with a role, as the console's access check found it. */
export type Staff = { id: number; email: string; firstName: string; lastName: string; role: StaffRole };

/** What the console needs from the rest of the product; its own repositories it makes on `db`. */
export type ConsoleDeps = {
  db: Db;
  channelRepo: ChannelRepository;
  channels: ChannelService;
  users: UsersRepository;
  streamKeys: StreamKeysService;
  hasher: PasswordHasher;
  events: Pick<EventsService, 'invalidate'>;
  mail: MailOutbox;
  /** Ends a live game's ingested stream in this process (its replay follows); false when it has none here. */
  endIngested: (eventId: number) => Promise<boolean>;
};

export function brandingOf(c: ChannelRow): Branding {
  return {
    name: c.name,
    short_name: c.shortName,
    description: c.description,
    logo: c.logo,
    language: c.language as Branding['language'],
    currency: c.currency,
    time_zone: c.timeZone,
    colors: c.colors,
    google_tag: c.extras.googleTag,
    yare_analytics_key: c.extras.yareAnalyticsKey,
    sentry_dsn: c.extras.providers.sentryDsn,
    geo: c.extras.geo,
  };
}

/** The row's new values for a branding change: only the fields sent, colours merged into the current ones. */
function brandingRow(c: ChannelRow, patch: BrandingUpdate): Partial<ChannelRow> {
  const extras = {
    ...c.extras,
    googleTag: patch.google_tag !== undefined ? patch.google_tag : c.extras.googleTag,
    yareAnalyticsKey: patch.yare_analytics_key !== undefined ? patch.yare_analytics_key : c.extras.yareAnalyticsKey,
    providers: {
      ...c.extras.providers,
      sentryDsn: patch.sentry_dsn !== undefined ? patch.sentry_dsn : c.extras.providers.sentryDsn,
    },
    geo: patch.geo ?? c.extras.geo,
  };
  return {
    name: patch.name ?? c.name,
    shortName: patch.short_name ?? c.shortName,
    description: patch.description ?? c.description,
    logo: patch.logo !== undefined ? patch.logo : c.logo,
    language: patch.language ?? c.language,
    currency: patch.currency ?? c.currency,
    timeZone: patch.time_zone ?? c.timeZone,
    colors: { ...c.colors, ...patch.colors },
    extras,
  };
}

/** The fields of `after` that differ from `before`, with their two values: what an audit entry shows. */
function changed<T extends Record<string, unknown>>(before: T, after: T) {
  const keys = Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}

/**
 * What the console reads and changes. Every change runs in one transaction with its audit entry; the channel's
 * cached answers are dropped after the commit, in every process when the cache bus is on (fans see it at once, or
 * within the cache's minute at worst).
 */
export function createConsoleService(deps: ConsoleDeps) {
  const { db, channelRepo, channels, streamKeys } = deps;
  const transaction = <T>(work: (tx: Db) => Promise<T>): Promise<T> => db.transaction(work);
  const audit = createAuditRepository({ db });
  const catalogueRepo = createCatalogueRepository({ db });
  const staff = createStaffService({ db, transaction, audit, users: deps.users, mail: deps.mail });
  const games = createGamesService({
    transaction,
    audit,
    games: createGamesRepository({ db }),
    events: deps.events,
    endIngested: deps.endIngested,
  });
  return {
    /** The account's role on `channelId`: undefined for a fan, another channel's account or an unknown id. */
    async staffOf(userId: number, channelId: number): Promise<Staff | undefined> {
      const user = await deps.users.byId(userId);
      if (!user?.role || user.channelId !== channelId) return undefined;
      return { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, role: user.role };
    },

    branding: (channel: Channel): Branding => brandingOf(channel),

    async updateBranding(channel: Channel, actor: Actor, patch: BrandingUpdate): Promise<Branding> {
      const { api_key: _key, ...fields } = patch;
      const updated = await transaction(async (tx) => {
        const current = await channelRepo.forUpdate(tx, channel.id);
        if (!current) throw consoleErrors.roleRequired();
        const row = await channelRepo.update(tx, channel.id, brandingRow(current, fields));
        if (!row) throw new Error(`channel ${channel.id} vanished during its update`);
        const diff = changed(brandingOf(current), brandingOf(row));
        if (Object.keys(diff.after).length) {
          await audit.record(tx, channel.id, actor, {
            action: 'branding.update',
            entity: 'channel',
            entityId: channel.id,
            ...diff,
          });
        }
        return row;
      });
      channels.invalidate(channel.id);
      return brandingOf(updated);
    },

    auditLog: audit.list,

    /** Sports, schools, teams and venues (catalogue.service.ts). */
    catalogue: createCatalogueService({
      transaction,
      audit,
      repo: catalogueRepo,
      channels,
      events: deps.events,
    }),

    /** Menu items, pages, FAQ entries and slides (content.service.ts). */
    content: createContentService({ transaction, audit, repo: createContentRepository({ db }), channels }),

    /** A new channel with its host and first owner (admin); see new-channel.ts. */
    createChannel: (actor: Actor, input: NewChannel): Promise<CreatedChannel> =>
      createChannel({ ...deps, transaction, audit }, actor, input),
    /** Records a change made elsewhere (a command), in that change's transaction. */
    record: audit.record,

    /**
     * Gives an account of the channel a role, or takes it away (null), with its audit entry. False when the channel
     * has no such account. The command line's way: any role, `admin` included.
     */
    setRole: (channelId: number, userId: number, role: StaffRole | null, actor: Actor): Promise<boolean> =>
      staff.setRoleFromPlatform(channelId, userId, role, actor),

    streamKey: (channelId: number, eventId: number): Promise<StreamKey> => streamKeys.read(channelId, eventId),

    rotateStreamKey(channelId: number, eventId: number, actor: Actor): Promise<StreamKey> {
      return streamKeys.rotate(channelId, eventId, (tx, change) =>
        audit.record(tx, channelId, actor, {
          action: 'stream_key.rotate',
          entity: 'event',
          entityId: eventId,
          before: change.before ? { stream_key: change.before.key } : null,
          after: { stream_key: change.after.key },
        }),
      );
    },
    /** The schedule: games created, edited and deleted (games.service.ts). */
    games,
    /** The channel's people: roles and invitations (staff.service.ts). */
    staff,
    /** Games from a CSV file (games-import.ts). */
    importGames: createGamesImport({ catalogue: catalogueRepo, games }),
  };
}
export type ConsoleService = ReturnType<typeof createConsoleService>;
