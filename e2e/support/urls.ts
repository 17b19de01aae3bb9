import { inject } from 'vitest';

/** The shared server's URL for a demo host: `localhost` (English) or `sofia.localhost` (Bulgarian). */
export const urlFor = (host: 'localhost' | 'sofia.localhost', pathname = '/') =>
  `http://${host}:${inject('port')}${pathname}`;
