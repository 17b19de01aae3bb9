import { useTranslation } from 'react-i18next';
import { SimulateStage } from '@/features/player/components/simulate-stage';
import { useDocumentTitle } from '@/hooks/use-document-title';
import styles from './simulate.module.css';

/** `/simulate`: the stream check, the channel's live test feed with live playback figures. */
export function SimulateView() {
  const { t } = useTranslation('player');
  const title = t('simulate.title');
  useDocumentTitle(title);
  return (
    <div className={`container ${styles.simulate}`}>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.intro}>{t('simulate.intro')}</p>
      <SimulateStage />
    </div>
  );
}
