/**
 * The catalog module's public entry: what other modules use of it. Its tables are the database schema's and are
 * imported from their own files.
 */
export type { CatalogService } from './catalog.service';
