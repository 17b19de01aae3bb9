import { inject } from 'vitest';

/** The demo hosts of the shared server: `localhost` (English) and `sofia.localhost` (Bulgarian). */
export type Host = 'localhost' | 'sofia.localhost';

/** The shared server's URL for a demo host. */
export const urlFor = (host: Host, pathname = '/') => `http://${host}:${inject('port')}${pathname}`;
