import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import styles from './layout.module.css';

/** Around every page: a thin progress bar while the next page loads, and scroll restoration. */
export function RootShell() {
  const loading = useNavigation().state === 'loading';
  return (
    <>
      <div className={styles.progress} data-active={loading} aria-hidden="true" />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
