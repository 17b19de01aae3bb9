import type { ParseKeys } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import formStyles from '@/components/form/form.module.css';
import { useDocumentTitle } from '@/hooks/use-document-title';
import styles from './auth-page.module.css';

/** An account page: a card with the page's title, a line on what it is for, and its form. */
export function AuthPage({
  title,
  intro,
  children,
  footer,
}: {
  title: ParseKeys<'views'>;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation('views');
  useDocumentTitle(t(title));
  return (
    <div className={`container ${styles.page}`}>
      <div className={styles.card}>
        <h1 className={styles.title}>{t(title)}</h1>
        {intro && <p className={styles.intro}>{intro}</p>}
        {children}
      </div>
      {footer && <p className={styles.footer}>{footer}</p>}
    </div>
  );
}

/** A link opened without its token: say so, and offer the way to a new one. */
export function MissingToken({ message, to, label }: { message: string; to: string; label: string }) {
  return (
    <div className={formStyles.form}>
      <p className={formStyles.status}>{message}</p>
      <Link className={`button button-solid ${styles.action}`} to={to}>
        {label}
      </Link>
    </div>
  );
}
