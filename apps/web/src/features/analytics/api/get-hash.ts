/** `GET {base}/hash?key=`: a new anonymous profile id, or null when the collector cannot give one. */
export async function getHash(base: string, key: string): Promise<string | null> {
  try {
    const res = await fetch(`${base}/hash?key=${encodeURIComponent(key)}`, { headers: { accept: 'application/json' } });
    if (!res.ok) return null;
    const body = (await res.json()) as { data?: { hash?: unknown } };
    return typeof body.data?.hash === 'string' ? body.data.hash : null;
  } catch {
    return null;
  }
}
