import { LANGUAGES } from '@sideline/contract/constants';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, isLanguage, setLanguage } from '@/lib/i18n';
import styles from './language-picker.module.css';
import { GlobeIcon } from './ui/detail-icons';

/** Switches the interface language and remembers the choice over the channel's default. */
export function LanguagePicker({ className }: { className?: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={`${styles.picker} ${className ?? ''}`}>
      <GlobeIcon className={styles.icon} width={18} height={18} />
      <label htmlFor={id} className="sr-only">
        {t('nav.language')}
      </label>
      <select
        id={id}
        className={styles.select}
        value={currentLanguage()}
        onChange={(event) => {
          const lng = event.target.value;
          if (isLanguage(lng)) void setLanguage(lng, { remember: true });
        }}
      >
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {t(`languages.${lng}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
