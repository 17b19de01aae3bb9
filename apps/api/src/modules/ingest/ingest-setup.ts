import type { ServiceHost } from '../../lib/service-host';
import type { IngestService } from './ingest.service';
import { type RtmpServer, startRtmpServer } from './rtmp-server';

/**
 * Opens the RTMP ingest when the server is ready and closes it first at shutdown: the listener and every publisher's
 * connection, then every transcoder (no ffmpeg outlives the server). A port already taken is logged, and the rest of
 * the server runs on without ingest.
 */
export function setUpRtmpIngest(
  host: ServiceHost,
  {
    port,
    ingest,
    onListening,
    settleLeftovers,
  }: {
    port: number;
    ingest: IngestService;
    onListening?: (port: number) => void;
    /** Hands the games an earlier process left live to `ingest.adopt`, once the port is open. */
    settleLeftovers?: () => Promise<void>;
  },
) {
  let server: RtmpServer | null = null;
  host.onReady(async () => {
    try {
      server = await startRtmpServer({
        port,
        log: host.log,
        onPublish: ingest.onPublish,
        onUnpublish: ingest.onUnpublish,
      });
      onListening?.(server.port);
      host.log.info({ port: server.port }, 'rtmp ingest listening');
      await settleLeftovers?.().catch((err) => host.log.error({ err }, 'settling games left live failed'));
    } catch (err) {
      host.log.error({ err, port }, 'rtmp ingest not started (is the port taken?)');
    }
  });
  host.preClose(async () => {
    await server?.close();
    await ingest.close();
  });
}
