import { CHUNK_LOAD_TIMEOUT_MS } from '@sideline/contract/constants';

/** A view's code did not arrive: failed or slower than the chunk load timeout. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

/** Loads a lazy view's code, giving up after 120 s so the fan gets a retry instead of an endless wait. */
export function loadWithTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`No code after ${timeoutMs} ms`)), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(String(error), { cause: error }));
      },
    );
  });
}
