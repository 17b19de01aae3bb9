/**
 * The mail module's public entry: what other modules use of it. Its tables are the database schema's and are
 * imported from their own files.
 */

export type { MailMessage } from './mail.types';
export type { MailOutbox } from './mail-outbox';
export { renderMail } from './templates';
