import type { ChannelSeed, TeamSeed } from '../types';
import { conferenceLibrary } from './conference-library';
import { schools } from './conference-schools';
import {
  demoAccountDefaults,
  demoProvidersOff,
  packageCapabilities,
  planCapabilities,
  trialCapabilities,
} from './shared';

/** `localhost`: a US college conference channel, English, USD. */
const every = (sport: string, gender: 'men' | 'women'): TeamSeed[] =>
  schools.map((s) => ({ school: s.alias, sport, gender }));
const some = (aliases: string[], sport: string, gender: 'men' | 'women'): TeamSeed[] =>
  aliases.map((school) => ({ school, sport, gender }));

export const conferenceChannel: Omit<ChannelSeed, 'events'> & { events: Omit<ChannelSeed['events'], 'count'> } = {
  slug: 'heartland',
  hosts: ['localhost', '127.0.0.1', '[::1]'],
  channelKey: 'hcn_demo_channel_key_localhost',
  name: 'Heartland Conference Network',
  shortName: 'HCN',
  description: 'Live and on-demand games of the Heartland Athletic Conference.',
  language: 'en',
  currency: 'USD',
  timeZone: 'America/Chicago',
  colors: {
    'header-background': '#0B1F3A',
    'header-text-color': '#FFFFFF',
    'body-background': '#F4F6FA',
    'body-text-color': '#0B1F3A',
    'footer-background': '#0B1F3A',
    'footer-text-color': '#E6EAF0',
    'primary-color': '#F2B705',
    'primary-text-color': '#0B1F3A',
    'live-color': '#C81D25',
  },
  extras: {
    contactEmail: 'fans@heartland.example',
    contactPhone: '+1 (312) 555-0142',
    socialLinks: [
      { name: 'X', url: 'https://x.com/heartland_example' },
      { name: 'Instagram', url: 'https://instagram.com/heartland_example' },
    ],
    googleTag: null,
    yareAnalyticsKey: 'hcn-demo',
    analyticsHost: null,
    ...demoProvidersOff,
    accountDefaults: demoAccountDefaults,
    // US college streaming rights: the United States and Canada.
    geo: { allow: ['US', 'CA'], block: [] },
  },
  sports: [
    { alias: 'football', name: 'Football', color: '#7C4A1E', durationMinutes: 210, indoor: false },
    { alias: 'basketball', name: 'Basketball', color: '#E4572E', durationMinutes: 120, indoor: true },
    { alias: 'volleyball', name: 'Volleyball', color: '#2E86AB', durationMinutes: 120, indoor: true },
    { alias: 'soccer', name: 'Soccer', color: '#2A9D8F', durationMinutes: 120, indoor: false },
    { alias: 'baseball', name: 'Baseball', color: '#8D6A9F', durationMinutes: 180, indoor: false },
    { alias: 'softball', name: 'Softball', color: '#D1495B', durationMinutes: 120, indoor: false },
    { alias: 'ice-hockey', name: 'Ice Hockey', color: '#3D5A80', durationMinutes: 150, indoor: true },
  ],
  schools,
  teams: [
    ...every('football', 'men'),
    ...every('basketball', 'men'),
    ...every('basketball', 'women'),
    ...every('volleyball', 'women'),
    ...some(['northfield', 'lakeshore', 'bayview', 'pinecrest', 'harbor-city', 'cedar-hill'], 'soccer', 'women'),
    ...some(['riverton', 'summit-state', 'cedar-hill', 'pinecrest'], 'baseball', 'men'),
    ...some(['northfield', 'bayview', 'harbor-city', 'lakeshore'], 'softball', 'women'),
    ...some(['northfield', 'lakeshore', 'summit-state', 'harbor-city'], 'ice-hockey', 'men'),
  ],
  genderLabels: { men: "Men's", women: "Women's" },
  eventName: (sport, away, home) => `${sport}: ${away} @ ${home}`,
  menu: [
    { name: 'Home', url: '/' },
    { name: 'Live', url: '/live' },
    { name: 'Schedule', url: '/schedule' },
    { name: 'On Demand', url: '/vod' },
    { name: 'Passes', url: '/packages' },
    {
      name: 'More',
      url: '/about',
      children: [
        // The channel has a video library and clips: both reachable from its navigation, not only by address.
        { name: 'Video Library', url: '/vod_library' },
        { name: 'Moments', url: '/moments' },
        { name: 'About', url: '/about' },
        { name: 'Tickets & Venues', url: '/tickets' },
        { name: 'FAQ', url: '/faq' },
        { name: 'Contact', url: '/contacts' },
      ],
    },
  ],
  pages: [
    {
      url: 'about',
      name: 'About',
      content:
        '<h2>About the Heartland Conference Network</h2><p>Every conference game, live and on demand: football, basketball, volleyball, soccer, baseball, softball and ice hockey from eight member schools.</p><p>Student broadcasters and conference crews produce every stream. <a href="/schedule">See the schedule</a>.</p>',
    },
    {
      url: 'contacts',
      name: 'Contact',
      content:
        '<h2>Contact us</h2><p>Viewer support: <a href="mailto:fans@heartland.example">fans@heartland.example</a></p><p>Phone: +1 (312) 555-0142, Monday to Friday, 9 am to 6 pm Central.</p>',
    },
    {
      url: 'tickets',
      name: 'Tickets & Venues',
      altName: 'Tickets',
      content:
        '<h2>Tickets &amp; venues</h2><p>Every member school sells its own tickets. Venues open 90 minutes before kick-off or tip-off.</p><ul><li>Northfield Stadium, Northfield, MN</li><li>Harbor City Fieldhouse, Harbor City, NY</li></ul>',
    },
    {
      url: 'privacy_policy',
      name: 'Privacy Policy',
      content:
        '<h2>Privacy policy</h2><p>We keep the data needed to run your account and your purchases. Card data never reaches our servers: our payment provider handles it.</p>',
    },
    {
      url: 'terms_conditions',
      name: 'Terms & Conditions',
      content:
        '<h2>Terms and conditions</h2><p>All sales are final. Trial offers last the stated number of days; the card is charged automatically afterwards unless you cancel. Monthly plans renew every 30 days; annual plans every 12 months.</p><p>The service is geo-restricted.</p>',
    },
  ],
  faq: [
    {
      question: 'How do I watch a game?',
      answer:
        '<p>Open the game from the home page or the <a href="/schedule">schedule</a> and press play. Free games play at once; registered games need a free account; paid games need a pass or a single-game purchase.</p>',
    },
    {
      question: 'What does the basic pass include?',
      answer:
        '<p>The basic pass is free with registration and includes a <strong>30-day trial</strong> of premium features such as clips and downloads.</p>',
    },
    {
      question: 'Can I cancel my subscription?',
      answer:
        '<p>Yes, at any time from your profile. Monthly plans renew every 30 days and annual plans every 12 months until you cancel. All sales are final.</p>',
    },
    {
      question: 'Why is a game blocked in my region?',
      answer:
        '<p>Some games carry broadcast restrictions; the service is geo-restricted and shows a region message where a game cannot be shown.</p>',
    },
    {
      question: 'How long does a clip take?',
      answer: '<p>Clips can take up to 5 minutes to be created. You will find them under <em>Profile, Clips</em>.</p>',
    },
    {
      question: 'Which devices are supported?',
      answer:
        '<p>Any current browser on a computer, phone or tablet. Use the <a href="/simulate">stream check</a> to test your device.</p>',
    },
  ],
  passes: [
    {
      kind: 'package',
      name: 'Basic Pass',
      description: 'Free with registration. Includes a 30-day trial of premium features: clips, downloads, no ads.',
      basePrice: 0,
      weight: 100,
      isBasic: true,
      trialPeriodDays: 30,
      capabilities: trialCapabilities,
      clipsLimit: 20,
      downloadsLimit: 10,
    },
    {
      kind: 'package',
      name: 'Single Game',
      description: 'One game at its listed price.',
      basePrice: 0,
      weight: 5,
      isSingleEvent: true,
      capabilities: ['watch'],
    },
    {
      kind: 'package',
      name: 'All-Sports Season Pass',
      description: 'Every sport of the season, live and on demand.',
      basePrice: 79.99,
      serviceFee: 0.99,
      weight: 80,
      sports: '*',
      groupName: 'Season passes',
      capabilities: packageCapabilities,
    },
    {
      kind: 'package',
      name: 'Fall Sports Pass',
      description: 'Football, volleyball and soccer: pick the sports you follow.',
      basePrice: 44.99,
      weight: 70,
      sports: ['football', 'volleyball', 'soccer'],
      groupName: 'Season passes',
      capabilities: packageCapabilities,
    },
    {
      kind: 'package',
      name: 'Basketball Pass',
      description: "Men's and women's basketball, all season.",
      basePrice: 34.99,
      weight: 60,
      sports: ['basketball'],
      groupName: 'Season passes',
      capabilities: packageCapabilities,
    },
    {
      kind: 'package',
      name: 'Northfield Owls Team Pass',
      description: 'Every Northfield Owls game, all sports: pick the teams you follow.',
      basePrice: 39.99,
      serviceFee: 0.99,
      weight: 50,
      teamPassSchool: 'northfield',
      groupName: 'Team passes',
      capabilities: packageCapabilities,
    },
    {
      kind: 'package',
      name: 'Replay & Download Add-on',
      description: 'Download finished games to watch offline: 20 downloads.',
      basePrice: 4.99,
      weight: 10,
      passType: 'addition',
      capabilities: ['download'],
      downloadsLimit: 20,
    },
    {
      kind: 'package',
      name: 'Ad-free Add-on',
      description: 'No preroll ads before games.',
      basePrice: 2.99,
      weight: 9,
      passType: 'addition',
      capabilities: ['no_ads'],
    },
    {
      kind: 'subscription',
      name: 'Annual Pass',
      description: 'Everything for a year, with clips, downloads and no ads. Starts with a 30-day free trial.',
      basePrice: 119.99,
      weight: 95,
      offer: 'annual',
      period: 1,
      trialPeriodDays: 30,
      capabilities: planCapabilities,
      clipsLimit: 200,
      downloadsLimit: 50,
    },
    {
      kind: 'subscription',
      name: 'Monthly Pass',
      description:
        'Everything, with clips, downloads and no ads, renewed every 30 days. Starts with a 7-day free trial.',
      basePrice: 14.99,
      weight: 90,
      offer: 'monthly',
      period: 1,
      trialPeriodDays: 7,
      capabilities: planCapabilities,
      clipsLimit: 50,
      downloadsLimit: 20,
    },
  ],
  coupons: [
    { code: 'SIDELINE10', discount: { percent: 10 } },
    { code: 'TEAM5', discount: { amount: 5 }, passes: ['Northfield Owls Team Pass'] },
  ],
  slides: [
    { title: 'Live now on HCN', subtitle: 'Every conference game, live', target: { type: 'live-event' } },
    {
      title: 'Annual Pass: 30 days free',
      subtitle: 'Every sport, every school, all year',
      target: { type: 'package', name: 'Annual Pass' },
    },
    {
      title: 'Follow the Northfield Owls',
      subtitle: 'Team pages, schedules and replays',
      target: { type: 'participant_group', alias: 'northfield' },
    },
  ],
  prerolls: [
    { url: '/media/prerolls/conference-promo/master.m3u8', weight: 3, forLive: true, forVod: true },
    {
      url: '/media/prerolls/tickets-promo/master.m3u8',
      weight: 1,
      sports: ['football', 'basketball'],
      forLive: false,
      forVod: true,
    },
  ],
  library: conferenceLibrary,
  vod: [
    { suffix: '1', sport: 'football', away: 'Lakeshore Lakers', home: 'Northfield Owls' },
    { suffix: '2', sport: 'basketball', away: 'Harbor City Hawks', home: 'Cedar Hill Cougars' },
    { suffix: '3', sport: 'volleyball', away: 'Bayview Mariners', home: 'Pinecrest Pioneers' },
  ],
  users: [
    {
      email: 'fan@heartland.example',
      firstName: 'Jordan',
      lastName: 'Fan',
      password: 'Sideline-demo-1',
      basicPass: true,
      favorites: {
        schools: ['northfield'],
        sports: ['basketball'],
        teams: [
          { school: 'northfield', sport: 'football', gender: 'men' },
          { school: 'lakeshore', sport: 'volleyball', gender: 'women' },
        ],
      },
    },
    {
      email: 'coach@heartland.example',
      firstName: 'Casey',
      lastName: 'Coach',
      password: 'Change-me-2026',
      temporaryPassword: true,
      basicPass: true,
    },
    {
      email: 'premium@sideline.test',
      firstName: 'Riley',
      lastName: 'Premium',
      password: 'Sideline-demo-1',
      basicPass: true,
      paidSubscription: 'Annual Pass',
    },
    // The console's people: the channel's owner, and an analyst who reads reports.
    {
      email: 'owner@heartland.example',
      firstName: 'Morgan',
      lastName: 'Owner',
      password: 'Sideline-demo-1',
      role: 'owner',
    },
    {
      email: 'analyst@heartland.example',
      firstName: 'Avery',
      lastName: 'Analyst',
      password: 'Sideline-demo-1',
      role: 'analyst',
    },
    // The platform's admin, who creates channels (its console shows only that).
    {
      email: 'admin@sideline.example',
      firstName: 'Alex',
      lastName: 'Admin',
      password: 'Sideline-demo-1',
      role: 'admin',
    },
  ],
  events: {
    liveCount: 3,
    access: [
      ['free', 30],
      ['register', 25],
      ['paid', 30],
      ['ppv', 15],
    ],
    paidPrices: [4.99, 6.99, 9.99],
    ppvPrices: [14.99, 19.99],
    ppvServiceFee: 0.99,
    startTimes: [
      [12, 0],
      [14, 0],
      [17, 30],
      [19, 0],
    ],
  },
};
