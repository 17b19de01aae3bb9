import type { ReactNode } from 'react';
import styles from './empty-note.module.css';

/** A one-line "nothing here" note in a dashed box, where a row or a list of results would be (rails, searches). */
export function EmptyNote({ children }: { children: ReactNode }) {
  return <p className={styles.note}>{children}</p>;
}
