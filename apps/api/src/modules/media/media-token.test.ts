import { describe, expect, it } from 'vitest';
import { createMediaTokens, type MediaGrant } from './media-token';

describe('media tokens', () => {
  const tokens = createMediaTokens('s'.repeat(40));
  const grant: MediaGrant = {
    keyId: 7,
    channelId: 1,
    eventId: 12,
    asset: 'vod/heartland-1',
    purpose: 'play',
    exp: Math.floor(Date.now() / 1000) + 60,
  };

  it('carries its grant, purpose included, until it expires', () => {
    const token = tokens.sign(grant);
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(tokens.verify(token)).toEqual(grant);
    expect(tokens.verify(tokens.sign({ ...grant, purpose: 'download' }))?.purpose).toBe('download');
    expect(tokens.verify(token, (grant.exp + 1) * 1000)).toBeNull();
  });

  it('refuses a token changed in any way or signed with another secret', () => {
    const token = tokens.sign(grant);
    const [payload, mac] = token.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify([7, 1, 12, 'vod/heartland-1', 'download', grant.exp])).toString(
      'base64url',
    );
    expect(tokens.verify(`${forged}.${mac}`)).toBeNull();
    expect(tokens.verify(`${payload}.${mac.slice(0, -1)}A`)).toBeNull();
    expect(tokens.verify(createMediaTokens('x'.repeat(40)).sign(grant))).toBeNull();
    expect(tokens.verify('garbage')).toBeNull();
  });
});
