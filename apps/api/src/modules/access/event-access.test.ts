import type { AccessType } from '@sideline/contract/enums';
import { describe, expect, it } from 'vitest';
import { type Entitlements, GUEST, hasAccess, NO_ENTITLEMENTS, type Viewer } from './event-access';

const SPORT = 3;
const HOME = 10;
const AWAY = 11;

const game = (accessType: AccessType, overrides: Partial<Parameters<typeof hasAccess>[0]> = {}) => ({
  id: 7,
  accessType,
  eventCategoryId: SPORT,
  homeTeamId: HOME,
  awayTeamId: AWAY,
  ...overrides,
});

const fan = (entitlements: Partial<Entitlements> = {}, capabilities: Viewer['capabilities'] = ['watch']): Viewer => ({
  userId: 1,
  capabilities,
  entitlements: { ...NO_ENTITLEMENTS, ...entitlements },
});

const subscriber = fan({ all: true });
const sportPass = fan({ categoryIds: new Set([SPORT]) });
const homePass = fan({ participantIds: new Set([HOME]) });
const awayPass = fan({ participantIds: new Set([AWAY]) });
const ticket = fan({ eventIds: new Set([7]) });
const otherTicket = fan({ eventIds: new Set([8]) });

describe('hasAccess', () => {
  it('refuses everything, even a free game, without the watch capability', () => {
    expect(hasAccess(game('free'), fan({}, []))).toBe(false);
    expect(hasAccess(game('paid'), fan({ all: true }, ['download']))).toBe(false);
    expect(hasAccess(game('free'), { ...GUEST, capabilities: [] })).toBe(false);
  });

  it('opens a free game to everyone, guests included', () => {
    expect(hasAccess(game('free'), GUEST)).toBe(true);
    expect(hasAccess(game('free'), fan())).toBe(true);
  });

  it('closes every other game to guests, whatever they hold', () => {
    for (const type of ['register', 'paid', 'ppv'] as const) {
      expect(hasAccess(game(type), GUEST), type).toBe(false);
      expect(hasAccess(game(type), { ...ticket, userId: null }), type).toBe(false);
    }
  });

  it('opens a register game to any signed-in fan, with no purchase', () => {
    expect(hasAccess(game('register'), fan())).toBe(true);
  });

  it('opens a paid game to a subscription, a pass of its sport or of either team, or its own ticket', () => {
    for (const [name, viewer] of Object.entries({ subscriber, sportPass, homePass, awayPass, ticket })) {
      expect(hasAccess(game('paid'), viewer), name).toBe(true);
    }
  });

  it('keeps a paid game closed without a purchase that covers it', () => {
    expect(hasAccess(game('paid'), fan())).toBe(false);
    expect(hasAccess(game('paid'), otherTicket)).toBe(false);
    expect(hasAccess(game('paid'), fan({ categoryIds: new Set([SPORT + 1]), participantIds: new Set([99]) }))).toBe(
      false,
    );
  });

  it('does not match a pass against a game without a sport or teams', () => {
    const bare = game('paid', { eventCategoryId: null, homeTeamId: null, awayTeamId: null });
    expect(hasAccess(bare, sportPass)).toBe(false);
    expect(hasAccess(bare, homePass)).toBe(false);
    expect(hasAccess(bare, subscriber)).toBe(true);
  });

  it('opens a pay-per-view game only to its own ticket: never to a pass or a subscription', () => {
    expect(hasAccess(game('ppv'), ticket)).toBe(true);
    for (const [name, viewer] of Object.entries({ subscriber, sportPass, homePass, awayPass, otherTicket })) {
      expect(hasAccess(game('ppv'), viewer), name).toBe(false);
    }
    const everything = fan({ all: true, categoryIds: new Set([SPORT]), participantIds: new Set([HOME, AWAY]) });
    expect(hasAccess(game('ppv'), everything)).toBe(false);
  });
});
