import type { ColorSettings } from '@sideline/contract/channel';
import { useTranslation } from 'react-i18next';
import styles from './preview.module.css';

/**
 * A fan page in miniature, painted with the form's unsaved colours: how the channel will look once saved. It is a
 * picture, not a page: its button does nothing and is out of the tab order.
 */
export function BrandingPreview({ name, colors }: { name: string; colors: ColorSettings }) {
  const { t } = useTranslation('console');
  return (
    <figure className={styles.preview} aria-labelledby="branding-preview-caption">
      <figcaption id="branding-preview-caption" className={styles.caption}>
        <strong>{t('branding.preview')}</strong> {t('branding.previewNote')}
      </figcaption>
      <div className={styles.frame} data-testid="branding-preview">
        <div
          className={styles.header}
          style={{ background: colors['header-background'], color: colors['header-text-color'] }}
        >
          {name}
        </div>
        <div
          className={styles.body}
          style={{ background: colors['body-background'], color: colors['body-text-color'] }}
        >
          <p>
            <span className={styles.live} style={{ background: colors['live-color'], color: '#ffffff' }}>
              {t('branding.previewLive')}
            </span>{' '}
            {t('branding.previewBody')}
          </p>
          <span
            className={styles.button}
            data-testid="preview-primary"
            style={{ background: colors['primary-color'], color: colors['primary-text-color'] }}
          >
            {t('branding.previewButton')}
          </span>
        </div>
        <div
          className={styles.footer}
          style={{ background: colors['footer-background'], color: colors['footer-text-color'] }}
        >
          {t('branding.previewFooter', { name })}
        </div>
      </div>
    </figure>
  );
}
