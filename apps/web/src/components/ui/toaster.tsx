import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type Toast, toast, toastStore } from '@/lib/toast';
import { CheckIcon, InfoIcon } from './detail-icons';
import { AlertIcon, CloseIcon } from './icons';
import styles from './toaster.module.css';

const ICONS = { success: CheckIcon, error: AlertIcon, info: InfoIcon };

/** The notices: errors are alerts (announced at once), the others polite status messages. */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = toastStore.use();
  return (
    <section className={styles.region} aria-label={t('toast.region')}>
      {toasts.map((item) => (
        <ToastItem key={item.id} item={item} />
      ))}
    </section>
  );
}

/** One notice; its time runs from when it is on screen, so a fan gets the whole of it. */
function ToastItem({ item }: { item: Toast }) {
  const { t } = useTranslation();
  const { id, duration } = item;
  useEffect(() => {
    if (duration <= 0) return;
    const timer = setTimeout(() => toast.dismiss(id), duration);
    return () => clearTimeout(timer);
  }, [id, duration]);
  const Icon = ICONS[item.type];
  return (
    <div className={styles.toast} data-type={item.type} role={item.type === 'error' ? 'alert' : 'status'}>
      <Icon className={styles.icon} />
      <p className={styles.message}>{item.message}</p>
      <button type="button" className={styles.close} onClick={() => toast.dismiss(id)}>
        <CloseIcon width={18} height={18} />
        <span className="sr-only">{t('toast.dismiss')}</span>
      </button>
    </div>
  );
}
