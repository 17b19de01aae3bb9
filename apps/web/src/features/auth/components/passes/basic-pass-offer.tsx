import type { Pass } from '@sideline/contract/commerce';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { CheckIcon } from '@/components/ui/detail-icons';
import { paths } from '@/config/paths';
import { chooseBasicPass } from '@/features/auth/api/choose-basic-pass';
import { toast } from '@/lib/toast';
import { useAccountsText } from '@/locales/accounts/texts';
import { toastError } from '../form/server-error';
import { SubmitButton } from '../form/submit-button';
import styles from './passes.module.css';

type Props = {
  pass: Pass;
  /** The pass's price title, in the fan's language (the app formats it). */
  priceTitle: string;
  /** signed out, signed in and still to choose it, or already chosen */
  state: 'guest' | 'choose' | 'chosen';
  onChosen: () => void;
};

/** The basic pass, first and larger: what a guest signs up for, and what a new fan chooses before anything else. */
export function BasicPassOffer({ pass, priceTitle, state, onChosen }: Props) {
  const t = useAccountsText();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const choose = async () => {
    setBusy(true);
    try {
      await chooseBasicPass(queryClient);
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
