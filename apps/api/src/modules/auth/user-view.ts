import type { User, UserAccess } from '@sideline/contract/auth';
import type { Capability } from '@sideline/contract/enums';
import type { Channel } from '../channel';
import type { UserRow } from './users.repository';

/** What a user may do: their own capabilities, or the channel's defaults. */
export const capabilitiesOf = (user: UserRow, channel: Channel) =>
  user.capabilities ?? channel.extras.accountDefaults.capabilities;

/** What the passes of a user's active orders add: capabilities and counter limits (the highest applies). */
export type PassGrants = {
  capabilities: readonly Capability[];
  limits: { clips: number; downloads: number };
  purchases: UserAccess['purchases'];
};

const withGranted = (user: UserRow, channel: Channel, granted: readonly Capability[]) => [
  ...new Set([...capabilitiesOf(user, channel), ...granted]),
];

/** The profile a client sees. Geo blocking is decided per request by the geo rules. */
export function toUser(user: UserRow, channel: Channel, isGeoBlocked = false, grants?: PassGrants): User {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    phone: user.phone,
    email_verified: user.emailVerifiedAt !== null,
    temporary_password: user.temporaryPassword,
    trial_period_used: user.trialPeriodUsed,
    capabilities: withGranted(user, channel, grants?.capabilities ?? []),
    featureCount: { clips: user.clipsCount, downloads: user.downloadsCount },
    is_geo_blocked: isGeoBlocked,
  };
}

export function toAccess(user: UserRow, channel: Channel, grants?: PassGrants): UserAccess {
  const defaults = channel.extras.accountDefaults.limits;
  const higher = (base: number | null, granted: number) => (base === null ? null : Math.max(base, granted));
  return {
    capabilities: withGranted(user, channel, grants?.capabilities ?? []),
    featureCount: { clips: user.clipsCount, downloads: user.downloadsCount },
    limits: {
      clips: higher(defaults.clips, grants?.limits.clips ?? 0),
      downloads: higher(defaults.downloads, grants?.limits.downloads ?? 0),
    },
    purchases: grants?.purchases ?? { subscriptions: 0, packages: 0, events: 0 },
  };
}
