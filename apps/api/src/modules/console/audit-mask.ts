/** Field names whose values are secrets: the audit log keeps only their last characters. */
const SECRET_FIELD = /(^key$|stream_key|secret|password|token|private)/i;

/** `sk_…WxYz`: enough to tell two keys apart in the log, not enough to use one. */
export function maskSecret(value: unknown): string {
  if (typeof value !== 'string' || value.length < 12) return '…';
  return `${value.slice(0, 3)}…${value.slice(-4)}`;
}

/** A copy of `values` with every secret field masked, at any depth. */
export function maskSecrets<T>(values: T): T {
  if (Array.isArray(values)) return values.map((v) => maskSecrets(v)) as T;
  if (!values || typeof values !== 'object' || values instanceof Date) return values;
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      SECRET_FIELD.test(name) && value !== null && typeof value !== 'object' ? maskSecret(value) : maskSecrets(value),
    ]),
  ) as T;
}
