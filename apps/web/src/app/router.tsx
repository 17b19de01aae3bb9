import type { Page } from '@sideline/contract/channel';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, matchRoutes, type RouteObject, replace } from 'react-router';
import { BootSplash } from '@/components/ui/splash';
import { paths } from '@/config/paths';
import { loadTexts } from '@/lib/i18n';
import { loadWithTimeout } from '@/lib/with-timeout';
import type { Namespace } from '@/locales/resources';
import { createGuardLoader } from './guard-loader';
import { ChannelLayout } from './layout/channel-layout';
import { PlainLayout } from './layout/plain-layout';
import { RootShell } from './layout/root-shell';
import { RouteError } from './route-error';

// The views the spec names, one chunk each (their file names name the chunks).
const chunks = {
  home: () => import('./routes/home'),
  auth: () => import('./routes/auth'),
  profile: () => import('./routes/profile'),
  buy: () => import('./routes/buy'),
  watch: () => import('./routes/watch'),
  schedule: () => import('./routes/schedule'),
  faq: () => import('./routes/faq'),
  contacts: () => import('./routes/contacts'),
  share: () => import('./routes/share'),
  simulate: () => import('./routes/simulate'),
  reels: () => import('./routes/reels'),
  vod: () => import('./routes/vod'),
  page: () => import('./routes/page'),
  notFound: () => import('./routes/not-found'),
  favorites: () => import('./routes/favorites'),
};
type Chunks = typeof chunks;
type ViewName<C extends keyof Chunks> = {
  [K in keyof Awaited<ReturnType<Chunks[C]>>]: Awaited<ReturnType<Chunks[C]>>[K] extends ComponentType ? K : never;
}[keyof Awaited<ReturnType<Chunks[C]>>];

/**
 * A lazy view: component `name` of chunk `chunk`, loaded on first visit with the 120 s chunk timeout, together with
 * the text namespaces it shows (fetched alongside, not after: the view renders with its texts, never suspending
 * on them); the chunk's `loader`, if it exports one, fills the cache before the view renders.
 */
const view =
  <C extends keyof Chunks>(chunk: C, name: ViewName<C>, texts: readonly Namespace[]) =>
  async (): Promise<Pick<RouteObject, 'Component' | 'loader'>> => {
    const [loaded] = await Promise.all([loadWithTimeout(chunks[chunk] as () => Promise<unknown>), loadTexts(texts)]);
    const module = loaded as Record<string, unknown>;
    const loader = module.loader as RouteObject['loader'];
    return { Component: module[name as string] as ComponentType, ...(loader ? { loader } : {}) };
  };

const MAX_ID = 2_147_483_647;
const isId = (value: string | undefined) => !!value && /^[1-9]\d*$/.test(value) && Number(value) <= MAX_ID;

/** Ids in addresses are plain positive numbers; anything else is a not-found page. */
const numericIds =
  (...names: string[]) =>
  ({ params }: LoaderFunctionArgs) => {
    if (!names.every((name) => isId(params[name]))) throw replace(paths.notFound.href());
    return null;
  };

/**
 * The watch pages: a numeric id, and the game and its playback asked for at once, alongside the player's code
 * (the prefetch is a chunk of its own, so the first load does not grow).
 */
const watchLoader = (args: LoaderFunctionArgs) => {
  numericIds('id')(args);
  void import('./routes/watch-prefetch').then((m) => m.prefetchWatch(Number(args.params.id))).catch(() => undefined);
  return null;
};

const toNotFound = () => {
  throw replace(paths.notFound.href());
};
/** The catch-all's element: its loader always redirects, but React Router warns (in the console) of a bare leaf. */
const Redirecting = () => null;

/** The channel's own pages (about, privacy, terms and the page list's extras) share one view. */
const pageView = view('page', 'ChannelPageView', []);

function channelViews(): RouteObject[] {
  return [
    { index: true, lazy: view('home', 'HomeView', ['browse']) },
    { path: paths.login.path, lazy: view('auth', 'LoginView', ['accounts', 'views']) },
    { path: paths.registration.path, lazy: view('auth', 'RegistrationView', ['accounts', 'views']) },
    { path: paths.verifyNotice.path, lazy: view('auth', 'VerifyNoticeView', ['accounts', 'views']) },
    { path: paths.verifyEmail.path, lazy: view('auth', 'VerifyEmailView', ['accounts', 'views']) },
    { path: paths.passwordResetRequest.path, lazy: view('auth', 'PasswordResetRequestView', ['accounts', 'views']) },
    { path: paths.passwordReset.path, lazy: view('auth', 'PasswordResetView', ['accounts', 'views']) },
    {
      path: paths.profile.path,
      lazy: view('profile', 'ProfileLayout', ['views']),
      children: [
        {
          path: '',
          lazy: view('profile', 'OrdersView', ['commerce', 'accounts']),
          children: [{ index: true, lazy: view('profile', 'ActiveOrdersView', ['commerce', 'accounts']) }],
        },
        { path: paths.profileTransactions.path, lazy: view('profile', 'TransactionsView', ['commerce', 'accounts']) },
        { path: paths.profileClips.path, lazy: view('profile', 'ClipsView', ['views', 'clips', 'browse']) },
        { path: paths.profileFavorites.path, lazy: view('favorites', 'FavoritesView', ['browse']) },
      ],
    },
    { path: paths.profileEdit.path, lazy: view('profile', 'ProfileEditView', ['accounts', 'views']) },
    {
      path: paths.confirmAccountDeletion.path,
      lazy: view('profile', 'ConfirmAccountDeletionView', ['accounts', 'views']),
    },
    { path: paths.contacts.path, lazy: view('contacts', 'ContactsView', ['views']) },
    { path: paths.faq.path, lazy: view('faq', 'FaqView', ['views']) },
    { path: paths.about.path, lazy: pageView },
    { path: paths.privacyPolicy.path, lazy: pageView },
    { path: paths.termsConditions.path, lazy: pageView },
    { path: paths.moments.path, lazy: view('reels', 'MomentsView', ['browse', 'clips']) },
    { path: paths.buy.path, lazy: view('buy', 'BuyView', ['accounts', 'commerce', 'views']) },
    {
      path: paths.selectPackage.path,
      loader: numericIds('id'),
      lazy: view('buy', 'SelectPackageView', ['accounts', 'commerce', 'views']),
    },
    { path: paths.packages.path, lazy: view('buy', 'PackagesView', ['accounts', 'commerce', 'views']) },
    { path: paths.vodLibrary.path, lazy: view('vod', 'VodLibraryView', ['vod']) },
    { path: paths.vodDetail.path, loader: numericIds('id'), lazy: view('vod', 'VodDetailView', ['browse']) },
    { path: paths.watch.path, loader: watchLoader, lazy: view('watch', 'WatchView', ['browse', 'clips', 'player']) },
    {
      path: paths.watchLibrary.path,
      loader: numericIds('id'),
      lazy: view('watch', 'WatchLibraryView', ['player', 'vod']),
    },
    { path: paths.share.path, loader: numericIds('id'), lazy: view('share', 'ShareView', ['browse', 'clips']) },
    { path: paths.upcoming.path, lazy: view('schedule', 'UpcomingView', ['browse']) },
    { path: paths.vod.path, lazy: view('schedule', 'VodView', ['browse']) },
    { path: paths.live.path, lazy: view('schedule', 'LiveView', ['browse']) },
    { path: paths.schedule.path, lazy: view('schedule', 'ScheduleView', ['browse']) },
    { path: paths.simulate.path, lazy: view('simulate', 'SimulateView', ['player']) },
    // One route: the console's sections are its own routes, in its chunk, so the shell's route table barely grows.
    // Its doorway (routes/console.tsx) comes with the not-found page's chunk: a chunk of its own would add its name
    // and loader to the shell, every fan's first load, for a page only staff open.
    { path: `${paths.console.path}/*`, lazy: view('notFound', 'ConsoleView', []) },
    { path: paths.notFound.path, lazy: view('notFound', 'NotFoundView', ['views']) },
  ];
}

/**
 * The route table. The root's loader is the guard and runs before every navigation; the channel's page list
 * adds a route for each page that no fixed route already serves.
 */
export function appRoutes(queryClient: QueryClient, pages: readonly Page[]): RouteObject[] {
  const fixed = channelViews();
  const taken = new Set(fixed.map((route) => route.path));
  const extraPages = pages
    .map((p) => paths.page.href(p.url))
    .filter((path) => !taken.has(path))
    .map((path): RouteObject => ({ path, lazy: pageView }));

  return [
    {
      id: 'root',
      loader: createGuardLoader(queryClient),
      shouldRevalidate: () => true,
      HydrateFallback: BootSplash,
      ErrorBoundary: RouteError,
      Component: RootShell,
      children: [
        {
          Component: PlainLayout,
          children: [
            {
              path: paths.watchEmbed.path,
              loader: watchLoader,
              lazy: view('watch', 'WatchEmbedView', ['browse', 'clips', 'player']),
            },
          ],
        },
        {
          Component: ChannelLayout,
          children: [
            {
              ErrorBoundary: RouteError,
              children: [...fixed, ...extraPages, { path: '*', loader: toNotFound, Component: Redirecting }],
            },
          ],
        },
      ],
    },
  ];
}

export const createAppRouter = (queryClient: QueryClient, pages: readonly Page[]) =>
  createBrowserRouter(appRoutes(queryClient, pages));

/** Starts downloading the code of the page being opened while startup still waits for the network. */
export function preloadRoute(queryClient: QueryClient, pathname: string) {
  for (const match of matchRoutes(appRoutes(queryClient, []), pathname) ?? []) {
    const { lazy } = match.route;
    if (typeof lazy === 'function') void lazy().catch(() => undefined);
  }
}
