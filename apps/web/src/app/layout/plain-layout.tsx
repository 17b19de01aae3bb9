import { Outlet } from 'react-router';
import styles from './layout.module.css';

/** No chrome at all: for pages embedded in other sites. */
export function PlainLayout() {
  return (
    <main id="main" className={styles.plain}>
      <Outlet />
    </main>
  );
}
