import { lazy, Suspense } from 'react';
import { useSettings } from '@/features/channel/api/get-settings';
import { HeroSlides } from '@/features/channel/components/hero-slides';
import { homepageEventsQueryOptions } from '@/features/events/api/get-homepage-events';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { queryClient } from '@/lib/query-client';
import { loadWithTimeout } from '@/lib/with-timeout';
import styles from './home.module.css';

// The rails' code is a chunk of its own, asked for the moment this module runs: it arrives while the loader's
// events request is in flight, so it costs no time, and the home page's first load stays small.
const rails = loadWithTimeout(() => import('./home-rails'));
rails.catch(() => undefined);
const HomeRails = lazy(() => rails.then((m) => ({ default: m.HomeRails })));

/** Starts the rails' data without waiting for it: the hero shows at once, the rails fill in. */
export function loader() {
  void queryClient.prefetchQuery(homepageEventsQueryOptions());
  return null;
}

const railsPlaceholder = (
  <div className={styles.placeholder} aria-busy="true">
    <span />
    <span />
  </div>
);

/** Home: the channel's featured slides, then rails of games (favorites, live, coming up, replays). */
export function HomeView() {
  const settings = useSettings();
  useDocumentTitle(null);
  return (
    <div className={`container ${styles.home}`}>
      <h1 className="sr-only">{settings.name}</h1>
      <HeroSlides />
      <Suspense fallback={railsPlaceholder}>
        <HomeRails request={homepageEventsQueryOptions()} />
      </Suspense>
    </div>
  );
}
