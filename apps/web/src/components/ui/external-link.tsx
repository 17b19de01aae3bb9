import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ExternalIcon } from './detail-icons';

/** A link to another site: opens in a new tab, shows an arrow and tells screen readers so. */
export function ExternalLink({
  href,
  className,
  onClick,
  children,
}: {
  href: string;
  className?: string;
  onClick?: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className} onClick={onClick}>
      {children} <ExternalIcon width={14} height={14} />
      <span className="sr-only">{t('nav.opensInNewTab')}</span>
    </a>
  );
}
