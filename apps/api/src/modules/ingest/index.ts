/** The ingest module's public entry: stream keys, and the RTMP ingest that checks them (issue 41). */
export type { IngestDeps, IngestService, PublishedSource } from './ingest.service';
export { createIngestService, DEMO_APP } from './ingest.service';
export { createIngestHealthRepository } from './ingest-health.repository';
export { ingestHealthRoutes } from './ingest-health.routes';
export type { IngestHealthService } from './ingest-health.service';
export { createIngestHealth, sinceOf } from './ingest-health.service';
export { setUpRtmpIngest } from './ingest-setup';
export { createStreamKeysRepository } from './stream-keys.repository';
export { streamKeysRoutes } from './stream-keys.routes';
export type { IngestAddress, StreamKeysService } from './stream-keys.service';
export { createStreamKeysService, publishAddresses } from './stream-keys.service';
