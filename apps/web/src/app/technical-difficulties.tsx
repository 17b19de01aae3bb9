import { RELOAD_BUTTON_LOCK_MS } from '@sideline/contract/constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { AlertIcon } from '@/components/ui/icons';
import { api } from '@/lib/api-client';
import { API_KEY_STORAGE_KEY } from '@/lib/api-key';
import { storage } from '@/lib/storage';
import styles from './layout/layout.module.css';

/** A new key for the next start: fetched now if the client is up, else the old one is dropped for startup. */
async function renewKey() {
  try {
    await api.keys.replace();
  } catch {
    storage.remove(API_KEY_STORAGE_KEY);
  }
}

/**
 * The service cannot be reached. The reload button stays disabled for 60 s, with a countdown, so fans do not
 * hammer a struggling service; then it fetches a new api key and reloads the page.
 */
export function TechnicalDifficulties() {
  const { t } = useTranslation();
  const [shownAt] = useState(() => Date.now());
  const [now, setNow] = useState(shownAt);
  const [reloading, setReloading] = useState(false);
  const seconds = Math.max(0, Math.ceil((RELOAD_BUTTON_LOCK_MS - (now - shownAt)) / 1000));
  const locked = seconds > 0;

  useEffect(() => {
    if (!locked) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [locked]);

  useEffect(() => {
    document.title = t('errors.technicalTitle');
  }, [t]);

  const reload = async () => {
    setReloading(true);
    await renewKey();
    window.location.reload();
  };

  return (
    <main className={styles.screen}>
      <EmptyState
        icon={<AlertIcon width={30} height={30} />}
        title={t('errors.technicalTitle')}
        message={t('errors.technicalMessage')}
        actions={
          <button
            type="button"
            className="button button-solid"
            disabled={locked || reloading}
            aria-describedby={locked ? 'reload-countdown' : undefined}
            onClick={() => void reload()}
          >
            {t('errors.reload')}
          </button>
        }
      >
        {locked && (
          <p id="reload-countdown" className={styles.countdown}>
            {t('errors.reloadIn', { seconds })}
          </p>
        )}
      </EmptyState>
    </main>
  );
}
