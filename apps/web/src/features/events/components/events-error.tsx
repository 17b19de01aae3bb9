import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { AlertIcon } from '@/components/ui/icons';

/** Games that could not be loaded (a listing, the home page's rails, a game's page): says so, with a retry. */
export function EventsError({ onRetry, level }: { onRetry: () => void; level?: 1 | 2 }) {
  const { t } = useTranslation('browse');
  return (
    <EmptyState
      level={level}
      icon={<AlertIcon width={30} height={30} />}
      title={t('events.errorTitle')}
      message={t('events.errorMessage')}
      actions={
        <button type="button" className="button button-solid" onClick={onRetry}>
          {t('events.retry')}
        </button>
      }
    />
  );
}
