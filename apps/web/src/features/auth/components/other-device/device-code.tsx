import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '@/components/form/server-error';
import { SubmitButton } from '@/components/form/submit-button';
import { toast } from '@/lib/toast';
import { createSessionCode } from '../../api/create-session-code';
import styles from './other-device.module.css';
import { minutesAndSeconds, useSecondsLeft } from './use-seconds-left';

type Issued = { code: string; expires_at: string };

/**
 * "Sign in on another device": a one-time code to type on the other device's sign-in page, shown large with how
 * long it still works and a copy button. Once it has expired it is struck through and a new one can be asked for.
 */
export function DeviceCode() {
  const { t } = useTranslation('accounts');
  const [issued, setIssued] = useState<Issued | null>(null);
  const [busy, setBusy] = useState(false);
  const left = useSecondsLeft(issued?.expires_at ?? null);
  const expired = left === 0;
  const labelId = useId();

  const ask = async () => {
    setBusy(true);
    try {
      setIssued(await createSessionCode());
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    if (!issued) return;
    try {
      await navigator.clipboard.writeText(issued.code);
      toast.success(t('otherDevice.copied'));
    } catch {
      toast.error(t('otherDevice.copyFailed'));
    }
  };

  return (
    <div className={styles.device}>
      <p className={styles.intro}>{t('otherDevice.intro')}</p>
      {issued && (
        <div className={styles.issued} data-expired={expired || undefined}>
          <p id={labelId} className={styles.codeLabel}>
            {t('otherDevice.codeLabel')}
          </p>
          {/* Read out character by character; shown as the fan will type it. */}
          <p className={styles.code} aria-labelledby={labelId} role="status">
            <span aria-hidden="true">{issued.code}</span>
            <span className="sr-only">{issued.code.split('').join(' ')}</span>
          </p>
          <p className={styles.expiry}>
            {expired ? t('otherDevice.expired') : t('otherDevice.expiresIn', { time: minutesAndSeconds(left ?? 0) })}
          </p>
          {!expired && (
            <button
              type="button"
              className="button button-outline"
              aria-label={t('otherDevice.copyLabel')}
              onClick={() => void copy()}
            >
              {t('otherDevice.copy')}
            </button>
          )}
          <p className={styles.howTo}>{t('otherDevice.howTo', { site: window.location.host })}</p>
        </div>
      )}
      {(!issued || expired) && (
        <SubmitButton type="button" busy={busy} onClick={() => void ask()}>
          {issued ? t('otherDevice.newCode') : t('otherDevice.getCode')}
        </SubmitButton>
      )}
    </div>
  );
}
