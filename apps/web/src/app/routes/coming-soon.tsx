import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import type { ViewsDictionary } from '@/locales/views/en';

export type ViewKey = keyof ViewsDictionary['views'];

/** The way on from an empty view: home first, then the schedule. */
export function DefaultActions() {
  const { t } = useTranslation('views');
  return (
    <>
      <Link to={paths.home.href()} className="button button-solid">
        {t('soon.home')}
      </Link>
      <Link to={paths.schedule.href()} className="button button-outline">
        {t('soon.schedule')}
      </Link>
    </>
  );
}

/** A view a later release fills: its real title, a "coming soon" notice and a way on, inside the channel chrome. */
export function ComingSoon({ view, actions, level = 1 }: { view: ViewKey; actions?: ReactNode; level?: 1 | 2 }) {
  const { t } = useTranslation('views');
  const title = t(`views.${view}.title`);
  // A section (level 2) lives inside a view that names the page.
  useDocumentTitle(level === 1 ? title : undefined);
  const state = (
    <EmptyState
      level={level}
      title={title}
      message={t(`views.${view}.message`)}
      badge={t('soon.badge')}
      actions={actions ?? <DefaultActions />}
    />
  );
  return level === 1 ? <div className="container">{state}</div> : state;
}
