import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random URL-safe token of `bytes` random bytes (32 = 256 bits). */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
/** Tokens are stored as SHA-256: a stolen table gives no usable token. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Whether an `Authorization` header is `Bearer <token>`, compared in constant time (the operator token guards the
 * metrics, the reports and the stream keys). False when no token is configured: those calls are then off.
 */
export function bearerMatches(authorization: string | undefined, token: string | undefined): boolean {
  if (!token) return false;
  const given = Buffer.from(authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
