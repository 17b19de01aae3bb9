import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger';

describe('redactUrl', () => {
  it('hides api keys and tokens in logged URLs', () => {
    expect(redactUrl('/api/profile?api_key=secret123&x=1')).toBe('/api/profile?api_key=[redacted]&x=1');
    expect(redactUrl('/verify-email?token=abc')).toBe('/verify-email?token=[redacted]');
    expect(redactUrl('/api/menu')).toBe('/api/menu');
  });

  it('hides bearer tokens in media paths, payment client secrets and portal sessions', () => {
    expect(redactUrl('/media/e/12/v1.abc.def/master.m3u8')).toBe('/media/e/12/[redacted]/master.m3u8');
    expect(redactUrl('/media/l/3/tok.sig/720p/seg_1.ts')).toBe('/media/l/3/[redacted]/720p/seg_1.ts');
    expect(redactUrl('/media/clips/5f0c/download/tok.sig')).toBe('/media/clips/5f0c/download/[redacted]');
    expect(redactUrl('/media/clips/5f0c/clip.mp4')).toBe('/media/clips/5f0c/clip.mp4');
    expect(redactUrl('/sandbox-pay/authenticate/pi_1?client_secret=pi_1_secret_x')).toBe(
      '/sandbox-pay/authenticate/pi_1?client_secret=[redacted]',
    );
    expect(redactUrl('/sandbox-pay/portal/bps_eyJ.sig/cancel/sub_1')).toBe(
      '/sandbox-pay/portal/[redacted]/cancel/sub_1',
    );
  });
});
