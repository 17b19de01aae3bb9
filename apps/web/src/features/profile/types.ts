import type { ProfileUpdate, User } from '@sideline/contract/auth';

/**
 * Saves a profile change and answers the updated profile. The app passes the auth feature's `updateProfile`,
 * which keeps the session in step: it stores the new key a password change brings and caches the answer.
 */
export type SaveProfile = (body: ProfileUpdate) => Promise<User>;
