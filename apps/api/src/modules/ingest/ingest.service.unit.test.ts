import { describe, expect, it } from 'vitest';
import { createIngestService, type Game, type Transcoding } from './ingest.service';
import type { RtmpPublisher } from './rtmp-server';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A publisher as node-media-server hands it over, with its metadata already in (H.264 + AAC, 480p). */
const publisher = (id: string): RtmpPublisher => ({
  id,
  ip: '127.0.0.1',
  streamApp: 'live',
  streamName: 'sk_test',
  videoCodec: 7,
  audioCodec: 10,
  videoWidth: 854,
  videoHeight: 480,
  videoFramerate: 30,
  isPublisher: true,
  inBytes: 0,
});

/** The ingest over fakes: every transcoder it starts dies at once, as on a stream ffmpeg cannot read. */
function dyingIngest() {
  const lines: { msg: string; fields: Record<string, unknown> }[] = [];
  const record = (fields: Record<string, unknown>, msg: string) => lines.push({ msg, fields });
  let started = 0;
  const live = new Set<number>();
  const ingest = createIngestService({
    resolve: async () => ({ channelId: 1, eventId: 7 }),
    games: {
      status: async (g: Game) => (live.has(g.eventId) ? 'live' : 'upcoming'),
      goLive: async (g: Game) => {
        live.add(g.eventId);
      },
      end: async () => {},
    },
    media: {
      transcode: async (): Promise<Transcoding> => {
        started++;
        return { stop: async () => {}, exited: Promise.resolve(new Error('Invalid data found when processing input')) };
      },
      finish: async () => {},
    },
    graceMs: 60_000,
    metadataWaitMs: 0,
    log: { info: record, warn: record, error: record } as never,
  });
  return { ingest, lines, started: () => started };
}

describe('a transcoder that keeps dying on what an encoder sends', () => {
  it('is started again twice, then the encoder is dropped with a clear line, not restarted every second', async () => {
    const { ingest, lines, started } = dyingIngest();
    let dropped = 0;
    const p = publisher('a');
    ingest.onPublish(p, () => {
      dropped++;
      ingest.onUnpublish(p);
    });
    // Restarts come a second apart: two of them, then the drop.
    for (const end = Date.now() + 5_000; dropped === 0 && Date.now() < end; ) await sleep(50);
    expect(dropped).toBe(1);
    expect(started()).toBe(3);
    expect(lines.filter((l) => l.msg === 'ingest transcoder died; restarting')).toHaveLength(2);
    const last = lines.find((l) => l.msg === 'ingest transcoder keeps failing on this stream; the encoder is dropped');
    expect(last?.fields).toMatchObject({ eventId: 7, deaths: 3 });
    await sleep(1_500);
    expect(started()).toBe(3);
    // The game waits for its encoder as after any disconnect; a new publish gets a fresh count.
    expect(ingest.has(7)).toBe(true);
    expect(ingest.connected(7)).toBe(false);
    await ingest.close();
  }, 15_000);
});
