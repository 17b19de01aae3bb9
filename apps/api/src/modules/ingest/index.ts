/** The ingest module's public entry: stream keys today; the RTMP/SRT ingest joins it (issue 41). */
export { createStreamKeysRepository } from './stream-keys.repository';
export { streamKeysRoutes } from './stream-keys.routes';
export type { IngestAddress, StreamKeysService } from './stream-keys.service';
export { createStreamKeysService, publishAddresses } from './stream-keys.service';
