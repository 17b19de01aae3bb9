/**
 * Every route of the app: `path` is the route pattern, `href` builds a link. Components never write URLs by hand.
 * Ids in patterns are checked as plain numbers by the route table (non-numeric ids go to the not-found page).
 */
type Id = number | string;
const route = <A extends unknown[]>(path: string, href: (...args: A) => string) => ({ path, href });
const fixed = (path: string) => route(path, () => path);

export const paths = {
  home: fixed('/'),
  login: fixed('/login'),
  registration: fixed('/registration'),
  verifyNotice: fixed('/verify-notice'),
  verifyEmail: fixed('/verify-email'),
  passwordResetRequest: fixed('/password-reset-request'),
  passwordReset: fixed('/password-reset'),
  profile: fixed('/profile'),
  profileTransactions: fixed('/profile/transactions'),
  profileClips: fixed('/profile/clips'),
  profileFavorites: fixed('/profile/favorites'),
  profileEdit: fixed('/profile/edit'),
  contacts: fixed('/contacts'),
  faq: fixed('/faq'),
  about: fixed('/about'),
  moments: fixed('/moments'),
  buy: fixed('/buy'),
  selectPackage: route('/select-package/:id', (id: Id) => `/select-package/${id}`),
  packages: fixed('/packages'),
  vodLibrary: fixed('/vod_library'),
  vodDetail: route('/vod/:id', (id: Id) => `/vod/${id}`),
  watch: route('/watch/:id', (id: Id) => `/watch/${id}`),
  watchEmbed: route('/watch_embed/:id', (id: Id) => `/watch_embed/${id}`),
  watchLibrary: route('/watch_library/:id', (id: Id) => `/watch_library/${id}`),
  share: route('/share/:id/:uuid', (id: Id, uuid: string) => `/share/${id}/${encodeURIComponent(uuid)}`),
  upcoming: fixed('/upcoming'),
  vod: fixed('/vod'),
  live: fixed('/live'),
  schedule: fixed('/schedule'),
  simulate: fixed('/simulate'),
  confirmAccountDeletion: fixed('/confirm-account-deletion'),
  notFound: fixed('/404'),
  /** The operators' console, with its sections under it (`features/console/sections.ts`): never part of a fan's page. */
  console: fixed('/console'),
  privacyPolicy: fixed('/privacy_policy'),
  termsConditions: fixed('/terms_conditions'),
  /** A page of the channel's page list; its `url` has no leading slash. */
  page: route('/:url', (url: string) => `/${url.replace(/^\//, '')}`),
} as const;

/** Sign-in and account-recovery pages: never remembered as the page to return to. */
export const AUTH_PATHS: readonly string[] = [
  paths.login.path,
  paths.registration.path,
  paths.passwordResetRequest.path,
  paths.passwordReset.path,
  paths.verifyNotice.path,
  paths.verifyEmail.path,
];
