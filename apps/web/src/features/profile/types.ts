import type { profileUpdateBodySchema, User } from '@sideline/contract/auth';
import type { z } from 'zod';

/** A change to the fan's profile: the contract's `POST /profile` body (`_method: patch`). */
export type ProfileUpdate = z.output<typeof profileUpdateBodySchema>;

/**
 * Saves a profile change and answers the updated profile. The app passes the auth feature's `updateProfile`,
 * which keeps the session in step: it stores the new key a password change brings and caches the answer.
 */
export type SaveProfile = (body: ProfileUpdate) => Promise<User>;
