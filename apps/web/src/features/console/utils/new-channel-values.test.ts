import { describe, expect, it } from 'vitest';
import { EMPTY_NEW_CHANNEL, newChannelResolver, serverNewChannelErrors, toNewChannel } from './new-channel-values';

const filled = {
  ...EMPTY_NEW_CHANNEL,
  name: ' Riverside High ',
  slug: 'riverside-hs',
  host: 'Riverside.Example.com',
  owner_email: ' ada@riverside.example ',
  owner_first_name: 'Ada',
};

describe('the new channel form', () => {
  it('sends the owner nested, trimmed, the host in lower case and no empty last name', () => {
    expect(toNewChannel(filled)).toEqual({
      name: 'Riverside High',
      slug: 'riverside-hs',
      host: 'riverside.example.com',
      language: 'en',
      currency: 'USD',
      time_zone: 'America/Chicago',
      owner: { email: 'ada@riverside.example', first_name: 'Ada' },
    });
  });

  it('checks with the contract: a bad short name, host and owner e-mail are shown on their own fields', async () => {
    const result = await newChannelResolver(
      { ...filled, slug: 'Not OK', host: 'no host', owner_email: 'nobody' },
      undefined,
      { fields: {}, shouldUseNativeValidation: false },
    );
    expect(result.errors.slug?.message).toBe('alias');
    expect(result.errors.host?.message).toBe('host');
    expect(result.errors.owner_email?.message).toBe('email');
    expect(result.errors.name).toBeUndefined();
  });

  it('passes a valid form with its values', async () => {
    const result = await newChannelResolver(filled, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result.errors).toEqual({});
  });

  it('puts the server’s refusals of nested fields on the form’s flat fields', () => {
    expect(serverNewChannelErrors([{ path: 'body.owner.email', message: 'Invalid email' }])).toEqual([
      { field: 'owner_email', message: 'email' },
    ]);
    expect(serverNewChannelErrors([{ path: 'body.time_zone', message: 'x' }])).toEqual([
      { field: 'time_zone', message: 'timeZone' },
    ]);
  });
});
