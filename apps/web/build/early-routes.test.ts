// @vitest-environment node
import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../src/config/paths.ts';
import { EARLY_ROUTES, earlyRoutePatterns, routePattern } from './early-routes.ts';
import { earlyStartSource } from './early-start.ts';

/** Addresses to try each pattern on: each early route's own links, and near misses of them. */
const ADDRESSES = [
  '/',
  '/watch/1',
  '/watch/42/',
  '/watch/0',
  '/watch/abc',
  '/watch/42/x',
  '/watch_embed/7',
  '/watch_library/7',
  '/schedule',
  '/schedule/',
  '/schedules',
  '/upcoming',
  '/live',
  '/vod',
  '/vod/3',
  '/vod_library',
  '/login',
];

/** Whether the app's router opens `route` for `address`, ids being plain positive numbers (src/app/router.tsx). */
function routerOpens(route: string, address: string): boolean {
  const match = matchPath(route, address);
  return !!match && Object.values(match.params).every((id) => /^[1-9]\d*$/.test(id ?? ''));
}

describe("the early start's route patterns", () => {
  const patterns = earlyRoutePatterns();

  it("are made from paths.ts's routes and match exactly the addresses the router opens for them", () => {
    for (const [name, { routes }] of Object.entries(EARLY_ROUTES)) {
      const made = patterns[name as keyof typeof patterns];
      expect(made).toHaveLength(routes.length);
      routes.forEach((route, index) => {
        const pattern = new RegExp(made[index] ?? '');
        for (const address of ADDRESSES)
          expect(pattern.test(address), `${route.path} on ${address}`).toBe(routerOpens(route.path, address));
      });
    }
  });

  it("take a game's id from its page's address, for each link to a game", () => {
    for (const href of [paths.watch.href(42), paths.watchEmbed.href(42)]) {
      const id = patterns.watch.map((p) => new RegExp(p).exec(href)?.[1]).find(Boolean);
      expect(id).toBe('42');
    }
  });

  it('follow a route that paths.ts changes', () => {
    expect(new RegExp(routePattern('/games/:id')).exec('/games/9')?.[1]).toBe('9');
    expect(new RegExp(routePattern('/games/:id')).test('/watch/9')).toBe(false);
  });

  it('are the only route addresses the early start has: it writes none by hand', () => {
    const source = earlyStartSource();
    for (const route of Object.values(paths)) {
      if (route.path === '/' || route.path.startsWith('/:')) continue;
      expect(source, route.path).not.toContain(route.path.split('/:')[0]);
    }
  });
});
