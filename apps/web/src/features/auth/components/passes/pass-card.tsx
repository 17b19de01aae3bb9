import type { Pass } from '@sideline/contract/commerce';
import { priceTitle } from '@sideline/contract/rules/price-title';
import { useAccountsText } from '@/locales/accounts/texts';
import styles from './passes.module.css';

/** The price as the spec writes it (currency, symbol, base price, then the renewal), in the pass's currency. */
export const passPrice = (pass: Pass) => priceTitle(pass, pass.currency);

/** What a pass adds to its price: the trial, then how it renews. */
function PassTerms({ pass }: { pass: Pass }) {
  const t = useAccountsText();
  const terms = [
    pass.trial_period ? t('packages.trial', { days: pass.trial_period }) : null,
    pass.offer === 'monthly'
      ? t('packages.renewsMonthly')
      : pass.offer === 'annual'
        ? t('packages.renewsAnnual')
        : null,
  ].filter(Boolean);
  return terms.length ? <p className={styles.terms}>{terms.join(' · ')}</p> : null;
}

/**
 * A pass on sale. Buying is a later release: the price is real, the buy button says it is coming and does not
 * pretend to check out.
 */
export function PassCard({ pass }: { pass: Pass }) {
  const t = useAccountsText();
  const label =
    pass.kind === 'subscription'
      ? t('packages.subscription')
      : pass.pass_type === 'addition'
        ? t('packages.addon')
        : pass.group_name;
  return (
    <article className={styles.card}>
      {label && <p className={styles.kicker}>{label}</p>}
      <h3 className={styles.name}>{pass.name}</h3>
      {pass.description && <p className={styles.description}>{pass.description}</p>}
      <p className={styles.price}>{passPrice(pass)}</p>
      <PassTerms pass={pass} />
      <div className={styles.footer}>
        <button type="button" className="button button-outline" disabled>
          <span aria-hidden="true">{t('packages.buySoon')}</span>
          <span className="sr-only">{t('packages.buyLabel', { name: pass.name })}</span>
        </button>
      </div>
    </article>
  );
}
