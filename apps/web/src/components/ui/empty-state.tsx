import type { ReactNode } from 'react';
import styles from './empty-state.module.css';
import { PlayIcon } from './icons';

type Props = {
  title: string;
  message?: string;
  /** A short label above the title, e.g. "Coming soon". */
  badge?: string;
  icon?: ReactNode;
  /** Links or buttons under the message. */
  actions?: ReactNode;
  /** The page's own heading (h1) or a section's (h2, h3). */
  level?: 1 | 2 | 3;
  children?: ReactNode;
};

/** A designed placeholder for a view or section with nothing to show yet. */
export function EmptyState({ title, message, badge, icon, actions, level = 1, children }: Props) {
  const Heading = (['h1', 'h2', 'h3'] as const)[level - 1] ?? 'h2';
  return (
    <div className={styles.card}>
      <div className={styles.icon}>{icon ?? <PlayIcon width={30} height={30} />}</div>
      {badge && <p className={styles.badge}>{badge}</p>}
      <Heading className={styles.title}>{title}</Heading>
      {message && <p className={styles.message}>{message}</p>}
      {children}
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  );
}
