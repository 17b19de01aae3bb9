import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { withDeltaUpdates } from './hls/playlist-delta';

/** How long one read of a live playlist answers every viewer: below the 1 s segment, so no segment is late. */
const SNAPSHOT_MS = 500;

type Variant = { body: Buffer; gzip?: Buffer };
type Snapshot = { at: number; full: Variant; delta: Variant };

/**
 * Live playlists served from one read of the file: the encoder replaces it by an atomic rename, and a whole
 * read of one inode is one finished version, whose length is the length sent. Every viewer fetches the ~60 KB
 * window every second, so a read (and its gzip) is shared for half a second, and a client that asks for a delta
 * update (`_HLS_skip=YES`) gets only the last seconds.
 */
export function createLivePlaylists({ snapshotMs = SNAPSHOT_MS } = {}) {
  const snapshots = new Map<string, Snapshot>();
  const reading = new Map<string, Promise<Snapshot | null>>();

  async function read(file: string): Promise<Snapshot | null> {
    const body = await readFile(file).catch(() => null);
    if (!body) return null;
    const { full, delta } = withDeltaUpdates(body.toString());
    const snapshot = { at: Date.now(), full: { body: Buffer.from(full) }, delta: { body: Buffer.from(delta) } };
    if (snapshots.size > 200) snapshots.clear();
    snapshots.set(file, snapshot);
    return snapshot;
  }

  return {
    /** The playlist's bytes (its delta when asked), gzipped when the client takes it; null when there is none. */
    async get(
      file: string,
      { gzip, skip }: { gzip: boolean; skip: boolean },
    ): Promise<{ body: Buffer; gzip: boolean } | null> {
      let snapshot: Snapshot | null | undefined = snapshots.get(file);
      if (!snapshot || Date.now() - snapshot.at >= snapshotMs) {
        let pending = reading.get(file);
        if (!pending) {
          pending = read(file).finally(() => reading.delete(file));
          reading.set(file, pending);
        }
        snapshot = await pending;
      }
      if (!snapshot) return null;
      const variant = skip ? snapshot.delta : snapshot.full;
      if (!gzip) return { body: variant.body, gzip: false };
      variant.gzip ??= gzipSync(variant.body);
      return { body: variant.gzip, gzip: true };
    },
  };
}
export type LivePlaylists = ReturnType<typeof createLivePlaylists>;
