import { createHash, randomBytes } from 'node:crypto';

/** A random URL-safe token of `bytes` random bytes (32 = 256 bits). */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
/** Tokens are stored as SHA-256: a stolen table gives no usable token. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
