import { randomInt } from 'node:crypto';

/**
 * Crockford's base32: digits and capitals without I, L, O and U, so a code read off one screen is typed right on
 * another. Ten of them are 50 bits: with the code single-use, gone after 10 minutes and the auth calls rate
 * limited per address, guessing one is out of reach.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 10;

/** A new code for `POST auth/session-code`, in two groups of five for reading aloud: `7KQ2M-X9D4T`. */
export function newSessionCode(): string {
  const chars = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/**
 * A code as typed, reduced to the characters it was issued with: case, spaces and dashes do not matter, and the
 * letters people take for digits (O, I, L) are read as those digits. The stored hash is of this form.
 */
export function normalizeSessionCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}
