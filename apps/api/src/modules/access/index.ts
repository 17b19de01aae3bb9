/**
 * The access module's public entry: what other modules use of it. Its tables are the database schema's and are
 * imported from their own files.
 */

export type { Entitlements, Viewer } from './event-access';
export { hasAccess, purchasesCover } from './event-access';
export type { ViewerService } from './viewer.service';
