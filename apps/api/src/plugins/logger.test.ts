import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger';

describe('redactUrl', () => {
  it('hides api keys and tokens in logged URLs', () => {
    expect(redactUrl('/api/profile?api_key=secret123&x=1')).toBe('/api/profile?api_key=[redacted]&x=1');
    expect(redactUrl('/verify-email?token=abc')).toBe('/verify-email?token=[redacted]');
    expect(redactUrl('/api/menu')).toBe('/api/menu');
  });
});
