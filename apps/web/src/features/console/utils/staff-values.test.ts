import { describe, expect, it } from 'vitest';
import { EMPTY_INVITE, inviteResolver, serverInviteErrors, toStaffInvite } from './staff-values';

const resolve = (values: typeof EMPTY_INVITE) =>
  inviteResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('staff values', () => {
  it('sends an invitation trimmed, without a last name when none is given', () => {
    expect(toStaffInvite({ email: ' ana@example.com ', first_name: ' Ana ', last_name: ' ', role: 'analyst' })).toEqual(
      { email: 'ana@example.com', first_name: 'Ana', role: 'analyst' },
    );
    expect(toStaffInvite({ ...EMPTY_INVITE, email: 'a@b.co', first_name: 'A', last_name: 'B' })).toMatchObject({
      last_name: 'B',
      role: 'operator',
    });
  });

  it('refuses an address that is not one and a missing first name', async () => {
    const result = await resolve({ ...EMPTY_INVITE, email: 'not-an-address' });
    expect(result.errors).toMatchObject({ email: { message: 'email' }, first_name: { message: 'required' } });
    expect((await resolve({ ...EMPTY_INVITE, email: 'ana@example.com', first_name: 'Ana' })).errors).toEqual({});
  });

  it('puts the server’s field errors on their fields', () => {
    expect(serverInviteErrors([{ path: 'body.email', message: 'Invalid email' }])).toEqual([
      { field: 'email', message: 'email' },
    ]);
  });
});
