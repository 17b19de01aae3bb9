import type { ChannelSeed, SchoolSeed, TeamSeed } from '../types';
import { demoAccountDefaults, demoProvidersOff } from './shared';

/** `sofia.localhost`: a Sofia university sports channel, Bulgarian, EUR. */
const schools: SchoolSeed[] = [
  ['su', 'Софийски университет', 'СУ', 'Соколи', 'СУ', '#0A3D62', '#F6C90E'],
  ['nsa', 'Национална спортна академия', 'НСА', 'Атлети', 'НСА', '#B71C1C', '#FFFFFF'],
  ['tu', 'Технически университет', 'ТУ', 'Инженери', 'ТУ', '#37474F', '#FF9800'],
  ['unss', 'Университет за национално и световно стопанство', 'УНСС', 'Икономисти', 'УНСС', '#1B5E20', '#C5E1A5'],
].map(([alias, name, shortName, nickname, initials, color, accent]) => ({
  alias: alias as string,
  name: name as string,
  shortName: shortName as string,
  nickname: nickname as string,
  initials: initials as string,
  color: color as string,
  accent: accent as string,
  city: 'София',
  state: 'София-град',
  country: 'BG',
  timeZone: 'Europe/Sofia',
  stadium: `Стадион ${shortName}`,
  arena: `Зала ${shortName}`,
  properties: { league: 'Университетска лига София' },
}));

const teams = (sport: string, gender: 'men' | 'women'): TeamSeed[] =>
  schools.map((s) => ({ school: s.alias, sport, gender }));

export const sofiaChannel: ChannelSeed = {
  slug: 'sofia',
  hosts: ['sofia.localhost'],
  channelKey: 'ssn_demo_channel_key_sofia',
  name: 'Спортна мрежа София',
  shortName: 'ССМ',
  description: 'Университетски спорт от София на живо и при поискване.',
  language: 'bg',
  currency: 'EUR',
  timeZone: 'Europe/Sofia',
  colors: {
    'header-background': '#0F5132',
    'header-text-color': '#FFFFFF',
    'body-background': '#F7F9F6',
    'body-text-color': '#1C2B22',
    'footer-background': '#0F5132',
    'footer-text-color': '#E8F3EC',
    'primary-color': '#E63946',
    'primary-text-color': '#FFFFFF',
    'live-color': '#D62828',
  },
  extras: {
    contactEmail: 'zriteli@sofia-sport.example',
    contactPhone: '+359 2 555 0142',
    socialLinks: [{ name: 'Facebook', url: 'https://facebook.com/sofia_sport_example' }],
    googleTag: null,
    yareAnalyticsKey: 'ssn-demo',
    analyticsHost: null,
    ...demoProvidersOff,
    accountDefaults: demoAccountDefaults,
    geo: { allow: null, block: [] },
  },
  sports: [
    { alias: 'football', name: 'Футбол', color: '#2A9D8F', durationMinutes: 120, indoor: false },
    { alias: 'basketball', name: 'Баскетбол', color: '#E4572E', durationMinutes: 120, indoor: true },
    { alias: 'volleyball', name: 'Волейбол', color: '#2E86AB', durationMinutes: 120, indoor: true },
    { alias: 'handball', name: 'Хандбал', color: '#6D597A', durationMinutes: 90, indoor: true },
  ],
  schools,
  teams: [
    ...teams('football', 'men'),
    ...teams('basketball', 'men'),
    ...teams('volleyball', 'women'),
    ...teams('handball', 'men'),
  ],
  genderLabels: { men: 'Мъже', women: 'Жени' },
  eventName: (sport, away, home) => `${sport}: ${away} @ ${home}`,
  menu: [
    { name: 'Начало', url: '/' },
    { name: 'На живо', url: '/live' },
    { name: 'Програма', url: '/schedule' },
    { name: 'Записи', url: '/vod' },
    { name: 'Пакети', url: '/packages' },
    { name: 'Въпроси', url: '/faq' },
    { name: 'За нас', url: '/about' },
  ],
  pages: [
    {
      url: 'about',
      name: 'За нас',
      content:
        '<h2>За Спортна мрежа София</h2><p>Мачовете на университетските отбори в София – на живо и на запис: футбол, баскетбол, волейбол и хандбал.</p>',
    },
    {
      url: 'contacts',
      name: 'Контакти',
      content:
        '<h2>Контакти</h2><p>Поддръжка: <a href="mailto:zriteli@sofia-sport.example">zriteli@sofia-sport.example</a></p><p>Телефон: +359 2 555 0142</p>',
    },
    {
      url: 'privacy_policy',
      name: 'Поверителност',
      content:
        '<h2>Политика за поверителност</h2><p>Пазим само данните, нужни за профила и покупките ви. Данните на картата се обработват от платежния доставчик.</p>',
    },
    {
      url: 'terms_conditions',
      name: 'Общи условия',
      content:
        '<h2>Общи условия</h2><p>Всички продажби са окончателни. Пробният период трае посочения брой дни; след него картата се таксува автоматично, освен ако не откажете абонамента.</p>',
    },
  ],
  faq: [
    {
      question: 'Как да гледам мач?',
      answer:
        '<p>Отворете мача от началната страница или от <a href="/schedule">програмата</a> и натиснете „Пусни“.</p>',
    },
    {
      question: 'Какво включва основният пакет?',
      answer: '<p>Основният пакет е безплатен с регистрация и включва <strong>30-дневен пробен период</strong>.</p>',
    },
    {
      question: 'Мога ли да откажа абонамента си?',
      answer: '<p>Да, по всяко време от профила си. Всички продажби са окончателни.</p>',
    },
  ],
  passes: [
    {
      kind: 'package',
      name: 'Основен пакет',
      description: 'Безплатен с регистрация. Включва 30-дневен пробен период.',
      basePrice: 0,
      weight: 100,
      isBasic: true,
    },
    {
      kind: 'package',
      name: 'Единичен мач',
      description: 'Един мач на обявената цена.',
      basePrice: 0,
      weight: 5,
      isSingleEvent: true,
    },
    {
      kind: 'package',
      name: 'Всички спортове',
      description: 'Всички мачове от сезона.',
      basePrice: 49.99,
      weight: 80,
      sports: '*',
    },
    {
      kind: 'subscription',
      name: 'Годишен абонамент',
      description: 'Всичко за една година, с 30 дни безплатно.',
      basePrice: 89.99,
      weight: 95,
      offer: 'annual',
      period: 1,
      trialPeriodDays: 30,
    },
    {
      kind: 'subscription',
      name: 'Месечен абонамент',
      description: 'Всичко, подновява се на всеки 30 дни.',
      basePrice: 9.99,
      weight: 90,
      offer: 'monthly',
      period: 1,
    },
  ],
  slides: [
    { title: 'На живо сега', subtitle: 'Университетски спорт от София', target: { type: 'live-event' } },
    {
      title: 'Годишен абонамент',
      subtitle: '30 дни безплатно',
      target: { type: 'package', name: 'Годишен абонамент' },
    },
  ],
  prerolls: [{ url: '/media/prerolls/conference-promo/master.m3u8', weight: 1, forLive: true, forVod: true }],
  vod: [
    { suffix: '1', sport: 'football', away: 'СУ Соколи', home: 'НСА Атлети' },
    { suffix: '2', sport: 'basketball', away: 'ТУ Инженери', home: 'УНСС Икономисти' },
  ],
  users: [
    {
      email: 'fen@sofia.example',
      firstName: 'Мария',
      lastName: 'Петрова',
      password: 'Sideline-demo-1',
      basicPass: true,
    },
  ],
  events: {
    count: 72,
    liveCount: 2,
    access: [
      ['free', 40],
      ['register', 30],
      ['paid', 20],
      ['ppv', 10],
    ],
    paidPrices: [2.99, 4.99],
    ppvPrices: [9.99],
    ppvServiceFee: 0.5,
    startTimes: [
      [11, 0],
      [16, 0],
      [18, 30],
    ],
  },
};
