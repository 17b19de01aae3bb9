import { type Location, Outlet, ScrollRestoration, useNavigation } from 'react-router';
import styles from './layout.module.css';

/**
 * The key a scroll position is kept under. React Router names the first entry of every page load "default", so
 * without the address a position kept on one page would be given to the next page typed, opened from a mail or
 * reloaded from the error screen in that tab; with it, only a reload of the same address gets its position back.
 */
export const scrollKey = (location: Pick<Location, 'key' | 'pathname' | 'search'>): string =>
  location.key === 'default' ? `default:${location.pathname}${location.search}` : location.key;

/** Around every page: a thin progress bar while the next page loads, and scroll restoration. */
export function RootShell() {
  const loading = useNavigation().state === 'loading';
  return (
    <>
      <div className={styles.progress} data-active={loading} aria-hidden="true" />
      <Outlet />
      <ScrollRestoration getKey={scrollKey} />
    </>
  );
}
