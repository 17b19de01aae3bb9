import { useTranslation } from 'react-i18next';

/** The loader shown while the app starts (same look as the one painted by index.html before any script). */
export function Splash() {
  const { t } = useTranslation();
  return (
    <div className="boot-splash" role="status">
      <div className="boot-splash-ring" aria-hidden="true" />
      <p className="boot-splash-label">{t('app.loading')}</p>
    </div>
  );
}
