import type { User, UserAccess } from '@sideline/contract/auth';
import type { Channel } from '../channel/channel.service';
import type { UserRow } from './users.repository';

/** What a user may do: their own capabilities, or the channel's defaults. */
export const capabilitiesOf = (user: UserRow, channel: Channel) =>
  user.capabilities ?? channel.extras.accountDefaults.capabilities;

/** The profile a client sees. Geo blocking is decided per request by the geo rules. */
export function toUser(user: UserRow, channel: Channel, isGeoBlocked = false): User {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    phone: user.phone,
    email_verified: user.emailVerifiedAt !== null,
    temporary_password: user.temporaryPassword,
    trial_period_used: user.trialPeriodUsed,
    capabilities: capabilitiesOf(user, channel),
    featureCount: { clips: user.clipsCount, downloads: user.downloadsCount },
    is_geo_blocked: isGeoBlocked,
  };
}

export function toAccess(
  user: UserRow,
  channel: Channel,
  purchases: UserAccess['purchases'] = { subscriptions: 0, packages: 0, events: 0 },
): UserAccess {
  return {
    capabilities: capabilitiesOf(user, channel),
    featureCount: { clips: user.clipsCount, downloads: user.downloadsCount },
    limits: channel.extras.accountDefaults.limits,
    purchases,
  };
}
