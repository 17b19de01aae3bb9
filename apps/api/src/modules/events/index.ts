/**
 * The events module's public entry: what other modules use of it. Its tables are the database schema's and are
 * imported from their own files.
 */
export { eventErrors } from './events.errors';
export type { AnyOf, EventRow, EventsRepository } from './events.repository';
export type { EventsService } from './events.service';
