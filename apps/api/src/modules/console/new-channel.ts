import { type CreatedChannel, DEFAULT_CHANNEL_COLORS, type NewChannel } from '@sideline/contract/console';
import type { Db } from '../../db/client';
import type { PasswordHasher } from '../../lib/password';
import { randomToken } from '../../lib/tokens';
import type { UsersRepository } from '../auth';
import type { ChannelRepository, ChannelRow, ChannelService } from '../channel';
import type { Actor, AuditRepository } from './audit.repository';
import { consoleErrors } from './console.errors';

export type NewChannelDeps = {
  transaction: <T>(work: (tx: Db) => Promise<T>) => Promise<T>;
  audit: AuditRepository;
  channelRepo: ChannelRepository;
  channels: ChannelService;
  users: UsersRepository;
  hasher: PasswordHasher;
};

/** A new channel's settings that are not on the admin's form: nothing optional configured, fans may watch. */
const defaultExtras = (): ChannelRow['extras'] => ({
  contactEmail: null,
  contactPhone: null,
  socialLinks: [],
  googleTag: null,
  yareAnalyticsKey: null,
  analyticsHost: null,
  providers: {
    stripePublishableKey: null,
    recaptchaSiteKey: null,
    googleClientId: null,
    facebookAppId: null,
    sentryDsn: null,
  },
  accountDefaults: { capabilities: ['watch'], limits: { clips: 0, downloads: 0 } },
  secrets: { recaptchaSecret: null, facebookAppSecret: null },
  geo: { allow: null, block: [] },
});

/**
 * Creates a channel (admin): its row with default colours and no pages, its host, and its first owner with a
 * temporary password shown once, all in one transaction with the entry in the new channel's audit log. The channel
 * directory is dropped after the commit, in every process on the cache bus: the host answers at once.
 */
export async function createChannel(deps: NewChannelDeps, actor: Actor, input: NewChannel): Promise<CreatedChannel> {
  if (await deps.channelRepo.addressTaken(input.slug, input.host)) throw consoleErrors.addressTaken();
  const password = randomToken(12);
  const passwordHash = await deps.hasher.hash(password);
  const created = await deps.transaction(async (tx) => {
    const channel = await deps.channelRepo.insert(
      tx,
      {
        slug: input.slug,
        name: input.name,
        shortName: input.name.slice(0, 40),
        channelKey: `ch_${randomToken(18)}`,
        language: input.language,
        currency: input.currency,
        timeZone: input.time_zone,
        colors: { ...DEFAULT_CHANNEL_COLORS },
        extras: defaultExtras(),
      },
      input.host,
    );
    // A race lost to another admin between the check and the insert: nothing of this one stays.
    if (!channel) throw consoleErrors.addressTaken();
    const owner = await deps.users.insert(
      {
        channelId: channel.id,
        email: input.owner.email,
        firstName: input.owner.first_name,
        lastName: input.owner.last_name ?? '',
        language: input.language,
        passwordHash,
        temporaryPassword: true,
        emailVerifiedAt: new Date(),
        role: 'owner',
      },
      tx,
    );
    if (!owner) throw new Error('a new channel already had an account');
    await deps.audit.record(tx, channel.id, actor, {
      action: 'channel.create',
      entity: 'channel',
      entityId: channel.id,
      before: null,
      after: { ...input, api_key: undefined, owner: { ...input.owner, role: 'owner' } },
    });
    return { channel, owner };
  });
  deps.channels.invalidate(created.channel.id);
  return {
    channel: {
      id: created.channel.id,
      slug: created.channel.slug,
      name: created.channel.name,
      host: input.host,
      channel_key: created.channel.channelKey,
    },
    owner: { id: created.owner.id, email: created.owner.email, temporary_password: password },
  };
}
