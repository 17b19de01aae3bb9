import { describe, expect, it } from 'vitest';
import { newSessionCode, normalizeSessionCode } from './session-code';

describe('session codes', () => {
  it('are two groups of five from an alphabet without I, L, O and U, and differ each time', () => {
    const codes = Array.from({ length: 200 }, newSessionCode);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('read the same however they are typed', () => {
    expect(normalizeSessionCode('7kq2m-x9d4t')).toBe('7KQ2MX9D4T');
    expect(normalizeSessionCode(' 7KQ2M X9D4T ')).toBe('7KQ2MX9D4T');
    expect(normalizeSessionCode('O1ILo-00000')).toBe('0111000000');
  });
});
