import { describe, expect, it } from 'vitest';
import { logoutRefusal } from './logout-rule';

describe('logout rule (spec section 4)', () => {
  const user = { id: 1 };

  it('lets a signed-in fan who chose the basic pass sign out', () => {
    expect(logoutRefusal({ user, basicPassSelected: true })).toBeNull();
  });

  it('refuses a fan who has not chosen the basic pass, and says so', () => {
    expect(logoutRefusal({ user, basicPassSelected: false })).toEqual({
      reason: 'basicPassRequired',
      message: 'accountMenu.needsBasicPass',
    });
  });

  it('refuses a guest', () => {
    expect(logoutRefusal({ user: null, basicPassSelected: true })).toEqual({
      reason: 'notSignedIn',
      message: 'accountMenu.notSignedIn',
    });
  });
});
