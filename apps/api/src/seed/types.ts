import type { ColorSettings } from '@sideline/contract/channel';
import type { StaffRole } from '@sideline/contract/console';
import type { AccessType, Capability, Gender, Offer, PassType } from '@sideline/contract/enums';
import type { ChannelExtras } from '../modules/channel/channel.table';

export type SportSeed = { alias: string; name: string; color: string; durationMinutes: number; indoor: boolean };
export type SchoolSeed = {
  alias: string;
  name: string;
  shortName: string;
  nickname: string;
  initials: string;
  color: string;
  accent: string;
  city: string;
  state: string;
  country: string;
  timeZone: string;
  stadium: string;
  arena: string;
  properties: Record<string, string>;
};
export type TeamSeed = { school: string; sport: string; gender: Gender };

export type PassSeed = {
  kind: 'package' | 'subscription';
  name: string;
  description: string;
  basePrice: number;
  serviceFee?: number;
  offer?: Offer;
  period?: number;
  trialPeriodDays?: number;
  weight: number;
  passType?: PassType;
  isBasic?: boolean;
  isSingleEvent?: boolean;
  /** Sports covered, by alias; `'*'` for all. */
  sports?: string[] | '*';
  /** A team pass covers every team of this school. */
  teamPassSchool?: string;
  groupName?: string;
  /** What an active order grants (for the basic pass: what its trial grants). */
  capabilities: Capability[];
  clipsLimit?: number;
  downloadsLimit?: number;
};

/** A promo code: `percent` off or an `amount` (major units) off, for every pass or the named ones. */
export type CouponSeed = {
  code: string;
  discount: { percent: number } | { amount: number };
  /** Pass names; omitted: every pass. */
  passes?: string[];
  validUntil?: Date;
};

export type SlideSeed = {
  title: string;
  subtitle: string;
  target:
    | { type: 'live-event' }
    | { type: 'package'; name: string }
    | { type: 'participant_group'; alias: string }
    | { type: 'url'; url: string };
};

export type DemoUserSeed = {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  temporaryPassword?: boolean;
  /** Has chosen the basic pass (the passes form's field is 1). */
  basicPass?: boolean;
  /** What the account follows, by alias: schools, sports and teams. */
  favorites?: {
    schools?: string[];
    sports?: string[];
    teams?: TeamSeed[];
  };
  /**
   * A subscription bought with the sandbox's 4242 card and paid for the current period (by pass name):
   * the order, its item, the charge and the sandbox's customer, card and subscription behind them.
   * The account has used its trial.
   */
  paidSubscription?: string;
  /** A role in the channel's console (README's accounts table); none for a fan. */
  role?: StaffRole;
};

/** A demo game packaged as VOD at first start; finished events of its sport play it. */
export type DemoVodSeed = { suffix: string; sport: string; away: string; home: string };

/**
 * The on-demand library: categories, videos (each plays a packaged asset `vod/lib-<slug>-<asset>`; several videos
 * may share one, which keeps first-start packaging short) and the rails of the library page.
 */
export type VodLibrarySeed = {
  categories: { alias: string; name: string }[];
  assets: { suffix: string; away: string; home: string; caption: string }[];
  items: { category: string; asset: string; title: string; description?: string; daysAgo: number }[];
  /** Each rail lists its videos by their index in `items`. */
  rails: { title: string; items: number[] }[];
};

export type ChannelSeed = {
  slug: string;
  hosts: string[];
  channelKey: string;
  name: string;
  shortName: string;
  description: string;
  language: 'en' | 'fr' | 'bg';
  currency: string;
  timeZone: string;
  colors: ColorSettings;
  extras: ChannelExtras;
  sports: SportSeed[];
  schools: SchoolSeed[];
  teams: TeamSeed[];
  genderLabels: Record<Gender, string>;
  /** How an event is named from its sport label and the two schools. */
  eventName: (sportLabel: string, away: string, home: string) => string;
  menu: { name: string; url: string; external?: boolean; children?: { name: string; url: string }[] }[];
  pages: { url: string; name: string; altName?: string; content: string }[];
  faq: { question: string; answer: string }[];
  passes: PassSeed[];
  coupons: CouponSeed[];
  slides: SlideSeed[];
  prerolls: { url: string; weight: number; sports?: string[]; forLive: boolean; forVod: boolean }[];
  users: DemoUserSeed[];
  vod: DemoVodSeed[];
  /** The tags fans pick for clips; the demo's common list when absent. */
  clipTags?: { alias: string; names: Record<'en' | 'fr' | 'bg', string> }[];
  library: VodLibrarySeed;
  events: {
    count: number;
    liveCount: number;
    access: readonly (readonly [AccessType, number])[];
    paidPrices: number[];
    ppvPrices: number[];
    ppvServiceFee: number;
    /** Local start times (hour, minute) games are scheduled at. */
    startTimes: [number, number][];
  };
};
