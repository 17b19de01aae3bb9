import { describe, expect, it } from 'vitest';
import { sanitizeChannelHtml } from './sanitize';

describe('sanitizeChannelHtml', () => {
  it('keeps content markup and drops scripts, handlers and dangerous links', () => {
    const out = sanitizeChannelHtml(
      '<h2 onclick="x()">Hi</h2><script>alert(1)</script><p style="color:red">A <a href="javascript:alert(1)">b</a> <a href="https://x.example" target="_blank">c</a></p><img src="/a.svg" onerror="x()">',
    );
    expect(out).toBe(
      '<h2>Hi</h2><p>A <a>b</a> <a href="https://x.example" target="_blank" rel="noopener noreferrer">c</a></p><img src="/a.svg" />',
    );
  });
});
