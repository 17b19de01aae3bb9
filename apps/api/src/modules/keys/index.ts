/**
 * The keys module's public entry: what other modules use of it. Its tables are the database schema's and are
 * imported from their own files.
 */
export { keyErrors } from './keys.errors';
export type { KeySession, KeysService } from './keys.service';
export { keySession, userSession } from './request-session';
