import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';

/** How long one read of a live playlist answers every viewer: below the 1 s segment, so no segment is late. */
const SNAPSHOT_MS = 500;

type Snapshot = { at: number; body: Buffer; gzip?: Buffer };

/**
 * Live playlists served from one read of the file: the encoder replaces it by an atomic rename, and a whole
 * read of one inode is one finished version, whose length is the length sent. Every viewer fetches the ~60 KB
 * window every second, so a read (and its gzip) is shared for half a second.
 */
export function createLivePlaylists({ snapshotMs = SNAPSHOT_MS } = {}) {
  const snapshots = new Map<string, Snapshot>();
  const reading = new Map<string, Promise<Snapshot | null>>();

  async function read(file: string): Promise<Snapshot | null> {
    const body = await readFile(file).catch(() => null);
    if (!body) return null;
    const snapshot = { at: Date.now(), body };
    if (snapshots.size > 200) snapshots.clear();
    snapshots.set(file, snapshot);
    return snapshot;
  }

  return {
    /** The playlist's bytes, gzipped when the client takes it; null when there is no such playlist. */
    async get(file: string, acceptsGzip: boolean): Promise<{ body: Buffer; gzip: boolean } | null> {
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
      if (!acceptsGzip) return { body: snapshot.body, gzip: false };
      snapshot.gzip ??= gzipSync(snapshot.body);
      return { body: snapshot.gzip, gzip: true };
    },
  };
}
export type LivePlaylists = ReturnType<typeof createLivePlaylists>;
