import { createHash } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import { createServer, type Server, type Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';

const require = createRequire(import.meta.url);

/** What this server reads of a node-media-server 4.4 session (`src/session/base_session.js`, `rtmp_session.js`). */
export type RtmpPublisher = {
  readonly id: string;
  readonly ip: string;
  readonly streamApp: string;
  readonly streamName: string;
  /** The query of the publish name (`live/<key>?a=b`), parsed. */
  readonly streamQuery?: Record<string, unknown>;
  /** From the publisher's `@setDataFrame` metadata: 7 is H.264, 10 is AAC (FLV codec ids); 0 until it arrives. */
  readonly videoCodec: number | string;
  readonly audioCodec: number | string;
  readonly videoWidth: number;
  readonly videoHeight: number;
  readonly videoFramerate: number;
  /** Whether the library made this session the path's publisher (false: it refused it, e.g. a second publisher). */
  readonly isPublisher: boolean;
  /** Bytes received from the publisher so far (the library counts them). */
  readonly inBytes: number;
};
type NmsSession = RtmpPublisher & {
  socket: Socket;
  broadcast: { publishGraceMs: number };
  run(): void;
};
type NmsContext = { config: object; sessions: Map<string, NmsSession>; eventEmitter: EventEmitter };
type NmsLogger = { level: string; log(message: string, level?: string): void };

/**
 * node-media-server's parts, used below its `NodeMediaServer` front (pinned at 4.4.3: these are its internal files).
 * The front would exit the whole process when the port is taken, force debug logging to stdout, open a store in
 * `./data` and keep a 30 s publish grace of its own; the session and protocol code underneath is what we want.
 */
function nms() {
  const Context = require('node-media-server/src/core/context.js') as NmsContext;
  const RtmpSession = require('node-media-server/src/session/rtmp_session.js') as new (socket: Socket) => NmsSession;
  const logger = require('node-media-server/src/core/logger.js') as NmsLogger;
  return { Context, RtmpSession, logger };
}

/** Stream keys are secrets: a log line names one by a short hash, never by itself. */
export const keyTag = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 8);
/** A text with every stream key in it replaced by its short hash (ffmpeg's errors name the URL it read). */
export const redact = (text: string) => text.replace(/sk_[A-Za-z0-9_-]+/g, (key) => `key#${keyTag(key)}`);

/** A silence of a publisher's input longer than this is a gap (ingest health). */
export const GAP_MS = 1000;
/** When a publisher's input last arrived, and its silences longer than `GAP_MS` so far. */
const meters = new WeakMap<object, { lastAt: number; silentMs: number }>();

/**
 * Milliseconds of a publisher's input spent in gaps (silences longer than `GAP_MS`) since its publish, the current
 * silence included: it only grows, so the difference of two readings is the gaps between them.
 */
export function gapMs(p: RtmpPublisher, now = Date.now()): number {
  const meter = meters.get(p);
  if (!meter) return 0;
  const current = now - meter.lastAt;
  return meter.silentMs + (current > GAP_MS ? current : 0);
}

/** RTMP's handshake opens with its version, 3; anything else (an HTTP request, noise) is not an encoder. */
const RTMP_VERSION = 3;
/** A connection that has neither published nor played this long after it opened is dropped. */
export const HANDSHAKE_LIMIT_MS = 10_000;

const isLoopback = (ip: string) => /^(::ffff:)?127\.|^::1(:|$)/.test(ip);

export type RtmpServer = { port: number; close(): Promise<void> };

/**
 * The RTMP ingest: accepts publishers on `port` and hands each publish to `onPublish`, which checks its key and
 * calls `refuse` before any transcoder starts, or accepts it. Plays (pulls) are for this machine's transcoders only.
 * A publisher's disconnect (its socket's close) reaches `onUnpublish` at once: the grace period is ours.
 */
export async function startRtmpServer({
  port,
  host,
  log,
  onPublish,
  onUnpublish,
}: {
  port: number;
  host?: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error' | 'debug'>;
  onPublish: (publisher: RtmpPublisher, refuse: () => void) => void;
  onUnpublish: (publisher: RtmpPublisher) => void;
}): Promise<RtmpServer> {
  const { Context, RtmpSession, logger } = nms();
  Context.config = {};
  // The library's own lines (connects, protocol errors) go to our log at debug, keys redacted.
  logger.level = 'info';
  logger.log = (message, level = 'info') => {
    const line = redact(String(message));
    if (level === 'error' || level === 'warn') log.debug({ nms: level }, line);
  };
  const sockets = new Set<Socket>();
  /** Connections that got as far as a publish or a play. */
  const engaged = new WeakSet<Socket>();
  let closing = false;
  const listeners: Record<string, (session: NmsSession) => void> = {
    prePublish: (session) => {
      engaged.add(session.socket);
      // Our grace period decides; the library's (30 s, same address resumes) would hide a disconnect from us.
      session.broadcast.publishGraceMs = 0;
      const meter = { lastAt: Date.now(), silentMs: 0 };
      meters.set(session, meter);
      session.socket.on('data', () => {
        const now = Date.now();
        if (now - meter.lastAt > GAP_MS) meter.silentMs += now - meter.lastAt;
        meter.lastAt = now;
      });
      // The connection's end is the publish's end, whatever the library decided about it: a publish it refused
      // still sends its packets to the path until the socket closes, and ends with no `donePublish`.
      session.socket.once('close', () => {
        if (!closing) onUnpublish(session);
      });
      onPublish(session, () => session.socket.destroy());
    },
    prePlay: (session) => {
      engaged.add(session.socket);
      if (!isLoopback(session.ip)) {
        log.warn({ ip: session.ip }, 'rtmp ingest: a play from outside this machine refused');
        session.socket.destroy();
      }
    },
  };
  for (const [name, listener] of Object.entries(listeners)) Context.eventEmitter.on(name, listener);
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // A publisher that stops sending (a frozen encoder, a pulled cable) is dropped rather than held open.
    socket.setTimeout(30_000, () => socket.destroy());
    const dropped = (why: string) => {
      log.warn({ ip: socket.remoteAddress, why }, 'rtmp connection dropped');
      socket.destroy();
    };
    socket.once('data', (chunk: Buffer) => {
      if (chunk[0] !== RTMP_VERSION) dropped('not RTMP');
    });
    const deadline = setTimeout(() => {
      if (!engaged.has(socket) && !socket.destroyed) dropped('no publish or play after the handshake limit');
    }, HANDSHAKE_LIMIT_MS);
    deadline.unref();
    socket.once('close', () => clearTimeout(deadline));
    const session = new RtmpSession(socket);
    session.run();
    Context.sessions.set(session.id, session);
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    for (const [name, listener] of Object.entries(listeners)) Context.eventEmitter.off(name, listener);
    throw err;
  }
  server.on('error', (err) => log.error({ err }, 'rtmp ingest'));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    async close() {
      closing = true;
      for (const [name, listener] of Object.entries(listeners)) Context.eventEmitter.off(name, listener);
      const closed = new Promise((r) => server.close(r));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
