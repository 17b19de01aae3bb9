import type { Pass } from '@sideline/contract/commerce';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckIcon } from '@/components/ui/detail-icons';
import { useMoney } from '../hooks/use-price-title';
import { passBuyHref } from '../utils/purchase';
import styles from './commerce.module.css';

/**
 * What a pass adds to its price: the trial and its automatic charge (not to a fan whose trial is used: the
 * checkout would charge them at once), then how it renews.
 */
export function PassTerms({ pass, trialUsed = false }: { pass: Pass; trialUsed?: boolean }) {
  const { t } = useTranslation('commerce');
  const money = useMoney();
  const renews =
    pass.offer === 'monthly' ? t('passes.renewsMonthly') : pass.offer === 'annual' ? t('passes.renewsAnnual') : null;
  return (
    <>
      {pass.trial_period && !trialUsed ? (
        <p className={styles.muted}>{t('passes.trialTerms', { days: pass.trial_period, price: money.title(pass) })}</p>
      ) : null}
      {renews && <p className={styles.muted}>{renews}</p>}
    </>
  );
}

type Props = {
  pass: Pass;
  /** Signed in: a guest's Buy leads to checkout too, which asks them to sign in. */
  onSelect: (pass: Pass) => void;
  /** h3 in the list, h4 inside a named group. */
  level?: 3 | 4;
  /** The signed-in fan has had their free trial. */
  trialUsed?: boolean;
};

/** A pass on sale: its price title, terms, and Buy (or that the fan already has it). */
export function PassCard({ pass, onSelect, level = 3, trialUsed = false }: Props) {
  const Heading = level === 4 ? 'h4' : 'h3';
  const { t } = useTranslation('commerce');
  const money = useMoney();
  const label =
    pass.kind === 'subscription' ? t('passes.subscription') : pass.pass_type === 'addition' ? t('passes.addon') : null;
  const headingId = `pass-${pass.kind}-${pass.id}`;
  return (
    <article className={styles.card} aria-labelledby={headingId} data-purchased={pass.purchased || undefined}>
      {label && <p className={styles.kicker}>{label}</p>}
      <Heading id={headingId} className={styles.name}>
        {pass.name}
      </Heading>
      {pass.description && <p className={styles.muted}>{pass.description}</p>}
      <p className={styles.price}>{money.title(pass)}</p>
      <PassTerms pass={pass} trialUsed={trialUsed} />
      <div className={styles.footer}>
        {pass.purchased ? (
          <p className={styles.owned}>
            <CheckIcon />
            {t('passes.purchased')}
          </p>
        ) : (
          <Link
            to={passBuyHref(pass)}
            className="button button-solid"
            aria-label={t('passes.buyLabel', { name: pass.name })}
            onClick={() => onSelect(pass)}
          >
            {t('passes.buy')}
          </Link>
        )}
      </div>
    </article>
  );
}
