import { STREAM_KEY_PATTERN, type StreamKey } from '@sideline/contract/ingest';
import type { Db } from '../../db/client';
import { randomToken } from '../../lib/tokens';
import { ingestErrors } from './ingest.errors';
import type { StreamKeyRow, StreamKeysRepository } from './stream-keys.repository';

/** Where encoders reach this server's ingest: the host they dial and the two ports. */
export type IngestAddress = { host: string; rtmpPort: number; srtPort: number };

/** 24 random bytes: 192 bits, 32 base64url characters. */
export const newStreamKey = () => `sk_${randomToken(24)}`;

/** The publish addresses of a key, as an encoder is given them. */
export function publishAddresses(address: IngestAddress, key: string) {
  const rtmpServer = `rtmp://${address.host}:${address.rtmpPort}/live`;
  return {
    rtmp_server: rtmpServer,
    rtmp_url: `${rtmpServer}/${key}`,
    // SRT's access-control syntax (r: the resource, m: publish), which OBS, vMix and ffmpeg pass as they are.
    srt_url: `srt://${address.host}:${address.srtPort}?streamid=#!::r=live/${key},m=publish`,
  };
}

/**
 * The games' stream keys: made on first read, replaced by a rotation, looked up by the ingest when an encoder
 * publishes. A game of another channel is "not found", never "not yours".
 */
export function createStreamKeysService({
  repo,
  address,
  transaction,
}: {
  repo: StreamKeysRepository;
  address: IngestAddress;
  transaction: <T>(work: (tx: Db) => Promise<T>) => Promise<T>;
}) {
  const view = (row: StreamKeyRow): StreamKey => ({
    event_id: row.eventId,
    key: row.key,
    ...publishAddresses(address, row.key),
    created_at: row.createdAt.toISOString(),
  });
  // Who must hear of a rotation: the ingest lets go of an encoder still publishing with the replaced key.
  const rotated: ((eventId: number) => void)[] = [];
  const game = async (channelId: number, eventId: number) => {
    if (!(await repo.gameOf(channelId, eventId))) throw ingestErrors.eventNotFound();
  };
  return {
    async read(channelId: number, eventId: number): Promise<StreamKey> {
      await game(channelId, eventId);
      return view((await repo.forEvent(channelId, eventId)) ?? (await repo.ensure(channelId, eventId, newStreamKey())));
    },
    /**
     * `record`, when given, runs in the rotation's transaction with the key replaced and the new one (the console's
     * audit entry): the rotation and its record commit together or not at all.
     */
    async rotate(
      channelId: number,
      eventId: number,
      record?: (tx: Db, change: { before: StreamKey | undefined; after: StreamKey }) => Promise<void>,
    ): Promise<StreamKey> {
      await game(channelId, eventId);
      const after = record
        ? await transaction(async (tx) => {
            const before = await repo.forEvent(channelId, eventId);
            const made = view(await repo.replace(channelId, eventId, newStreamKey(), tx));
            await record(tx, { before: before && view(before), after: made });
            return made;
          })
        : view(await repo.replace(channelId, eventId, newStreamKey()));
      for (const listener of rotated) listener(eventId);
      return after;
    },
    /** Runs `listener` after each rotation (committed), with the game's id. */
    onRotated(listener: (eventId: number) => void) {
      rotated.push(listener);
    },
    /** The game a publishing key names, or undefined: the ingest refuses the publish before any transcoder starts. */
    async resolve(key: string): Promise<{ channelId: number; eventId: number } | undefined> {
      if (!STREAM_KEY_PATTERN.test(key)) return undefined;
      const row = await repo.byKey(key);
      return row && { channelId: row.channelId, eventId: row.eventId };
    },
  };
}
export type StreamKeysService = ReturnType<typeof createStreamKeysService>;
