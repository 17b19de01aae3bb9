import type { Pass } from '@sideline/contract/commerce';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toastError } from '@/components/form/server-error';
import { SubmitButton } from '@/components/form/submit-button';
import { CheckIcon } from '@/components/ui/detail-icons';
import { paths } from '@/config/paths';
import { toast } from '@/lib/toast';
import { chooseBasicPass } from '../../api/choose-basic-pass';
import styles from './passes.module.css';

/** Where the fan stands with the basic pass: signed out, signed in and still to choose it, or already chosen. */
export type BasicPassState = 'guest' | 'choose' | 'chosen';

type Props = {
  pass: Pass;
  /** The pass's price title, in the fan's language (the app formats it). */
  priceTitle: string;
  state: BasicPassState;
  /** Reads the fan's passes form again once the choice is saved; awaited before `onChosen`. */
  refreshChoice: () => Promise<void>;
  onChosen: () => void;
};

/** The basic pass, first and larger: what a guest signs up for, and what a new fan chooses before anything else. */
export function BasicPassOffer({ pass, priceTitle, state, refreshChoice, onChosen }: Props) {
  const { t } = useTranslation('accounts');
  const [busy, setBusy] = useState(false);

  const choose = async () => {
    setBusy(true);
    try {
      await chooseBasicPass(refreshChoice);
      toast.success(t('packages.chosenToast'));
      onChosen();
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <article className={`${styles.card} ${styles.basic}`} aria-labelledby="basic-pass-name">
      <p className={styles.kicker}>{t('packages.basic')}</p>
      <h2 id="basic-pass-name" className={styles.name}>
        {pass.name}
      </h2>
      {pass.description && <p className={styles.description}>{pass.description}</p>}
      <p className={styles.price}>
        {pass.base_price === 0 ? t('packages.free') : priceTitle}
        {pass.base_price === 0 && <span className={styles.priceTitle}>{priceTitle}</span>}
      </p>
      <div className={styles.actions}>
        {state === 'choose' && (
          <SubmitButton type="button" busy={busy} onClick={() => void choose()}>
            {t('packages.choose')}
          </SubmitButton>
        )}
        {state === 'chosen' && (
          <p className={styles.chosen}>
            <CheckIcon />
            {t('packages.chosen')}
          </p>
        )}
        {state === 'guest' && (
          <>
            <p className={styles.terms}>{t('packages.guestPrompt')}</p>
            <Link to={paths.registration.href()} className="button button-solid">
              {t('packages.register')}
            </Link>
            <Link to={paths.login.href()} className="button button-outline">
              {t('packages.signIn')}
            </Link>
          </>
        )}
      </div>
    </article>
  );
}
