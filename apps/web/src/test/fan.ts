import { type User, userSchema } from '@sideline/contract/auth';

/**
 * A signed-in fan as `GET /profile` answers one (every field the contract has), with what a test needs changed.
 * Parsed by the contract's schema, so a fixture that drifts from the User entity fails where it is made.
 */
export function fan(overrides: Partial<User> = {}): User {
  return userSchema.parse({
    id: 3,
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
    phone: null,
    email_verified: true,
    temporary_password: false,
    trial_period_used: false,
    capabilities: ['watch'],
    featureCount: { clips: 0, downloads: 0 },
    is_geo_blocked: false,
    ...overrides,
  });
}
