import type { Pass } from '@sideline/contract/commerce';
import { useTranslation } from 'react-i18next';
import { BasicPassOffer, type BasicPassState } from './basic-pass-offer';
import styles from './passes.module.css';

/**
 * The top of the passes page: the lead line, then the basic pass (a signed-in fan who has not chosen it does so
 * here). The passes on sale come after it (`PassesList`). The app says where the fan stands (`state`, from the
 * session and the fan's passes form) and how that form is read again once the choice is saved (`refreshChoice`).
 */
export function BasicPassSection({
  pass,
  priceTitle,
  state,
  refreshChoice,
  onChosen,
}: {
  pass: Pass | undefined;
  priceTitle: string;
  state: BasicPassState;
  refreshChoice: () => Promise<void>;
  onChosen: () => void;
}) {
  const { t } = useTranslation('accounts');
  return (
    <>
      <p className={styles.lead} role={state === 'choose' ? 'status' : undefined}>
        {state === 'choose' ? t('packages.choosePrompt') : t('packages.intro')}
      </p>
      {pass && (
        <BasicPassOffer
          pass={pass}
          priceTitle={priceTitle}
          state={state}
          refreshChoice={refreshChoice}
          onChosen={onChosen}
        />
      )}
    </>
  );
}
