/**
 * The auth module's public entry: what other modules use of it. Its tables are the database schema's and are
 * imported from their own files.
 */
export { authErrors } from './auth.errors';
export type { AuthService } from './auth.service';
export type { PassGrants } from './user-view';
export { capabilitiesOf, toAccess, toUser } from './user-view';
export type { UserRow, UsersRepository } from './users.repository';
