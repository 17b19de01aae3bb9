import { paths } from '../src/config/paths.ts';

type Route = { path: string };

/**
 * The pages the early start (early-start.js) knows, by the routes of src/config/paths.ts they cover, with the route
 * modules they open with (whose code it fetches at once). The patterns it matches the address with are made from
 * those routes at build time (`earlyRoutePatterns`), so a route's address is written once, in paths.ts.
 */
export const EARLY_ROUTES = {
  home: { routes: [paths.home], modules: ['src/app/routes/home.tsx', 'src/app/routes/home-rails.tsx'] },
  // A game's page: the early start also takes the game's id from the match (its first group).
  watch: { routes: [paths.watch, paths.watchEmbed], modules: ['src/app/routes/watch.tsx'] },
  listing: {
    routes: [paths.schedule, paths.upcoming, paths.live, paths.vod],
    modules: ['src/app/routes/schedule.tsx'],
  },
} satisfies Record<string, { routes: Route[]; modules: string[] }>;

export type EarlyRouteName = keyof typeof EARLY_ROUTES;

const escapeText = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * A route pattern of paths.ts as a regular expression's source: each `:param` is an id, a plain positive number as
 * the route table checks ids (captured, in order); an optional trailing slash, as the router allows.
 */
export function routePattern(path: string): string {
  const body = path
    .split('/')
    .map((part) => (part.startsWith(':') ? '([1-9]\\d*)' : escapeText(part)))
    .join('\\/');
  return path === '/' ? '^\\/$' : `^${body}\\/?$`;
}

/** Each early page's patterns, as regular expressions' sources (the early start cannot import paths.ts). */
export function earlyRoutePatterns(): Record<EarlyRouteName, string[]> {
  return Object.fromEntries(
    Object.entries(EARLY_ROUTES).map(([name, { routes }]) => [name, routes.map((r) => routePattern(r.path))]),
  ) as Record<EarlyRouteName, string[]>;
}
