import type { Pass } from '@sideline/contract/commerce';
import { isBasicPassSelected } from '@sideline/contract/rules/basic-pass';
import { PASSES_FORM_ALIAS_NAME } from '@sideline/contract/rules/names';
import { useQuery } from '@tanstack/react-query';
import { customFormQueryOptions } from '@/features/auth/api/get-custom-form';
import { useUser } from '@/features/auth/api/get-profile';
import { useAccountsText } from '@/locales/accounts/texts';
import { BasicPassOffer } from './basic-pass-offer';
import styles from './passes.module.css';

/**
 * The top of the passes page: the lead line, then the basic pass (a signed-in fan who has not chosen it does so
 * here). The passes on sale come after it (the commerce feature's list).
 */
export function BasicPassSection({
  pass,
  priceTitle,
  onChosen,
}: {
  pass: Pass | undefined;
  priceTitle: string;
  onChosen: () => void;
}) {
  const t = useAccountsText();
  const user = useUser();
  // The guards read the passes form before this page opens, so it is in the cache for a signed-in fan.
  const form = useQuery({ ...customFormQueryOptions(PASSES_FORM_ALIAS_NAME), enabled: !!user }).data;
  const state = !user ? 'guest' : isBasicPassSelected(form ?? null) ? 'chosen' : 'choose';
  return (
    <>
      <p className={styles.lead} role={state === 'choose' ? 'status' : undefined}>
        {state === 'choose' ? t('packages.choosePrompt') : t('packages.intro')}
      </p>
      {pass && <BasicPassOffer pass={pass} priceTitle={priceTitle} state={state} onChosen={onChosen} />}
    </>
  );
}
