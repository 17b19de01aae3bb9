import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/ui/load-error';

/** Games that could not be loaded (a listing, the home page's rails, a game's page): says so, with a retry. */
export function EventsError({ onRetry, level }: { onRetry: () => void; level?: 1 | 2 }) {
  const { t } = useTranslation('browse');
  return (
    <LoadError
      level={level}
      title={t('events.errorTitle')}
      message={t('events.errorMessage')}
      retry={t('events.retry')}
      onRetry={onRetry}
    />
  );
}
