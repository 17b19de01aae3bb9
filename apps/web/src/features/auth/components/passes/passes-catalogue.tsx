import { isBasicPassSelected } from '@sideline/contract/rules/basic-pass';
import { PASSES_FORM_ALIAS_NAME } from '@sideline/contract/rules/names';
import { useQuery } from '@tanstack/react-query';
import { customFormQueryOptions } from '@/features/auth/api/get-custom-form';
import { usePasses } from '@/features/auth/api/get-passes';
import { useUser } from '@/features/auth/api/get-profile';
import { useAccountsText } from '@/locales/accounts/texts';
import { BasicPassOffer } from './basic-pass-offer';
import { PassCard } from './pass-card';
import styles from './passes.module.css';

/**
 * The channel's passes: the basic pass first (a signed-in fan who has not chosen it does so here), then the
 * others, heaviest first.
 */
export function PassesCatalogue({ onBasicPassChosen }: { onBasicPassChosen: () => void }) {
  const t = useAccountsText();
  const passes = usePasses();
  const user = useUser();
  // The guards read the passes form before this page opens, so it is in the cache for a signed-in fan.
  const form = useQuery({ ...customFormQueryOptions(PASSES_FORM_ALIAS_NAME), enabled: !!user }).data;
  const basic = passes.find((pass) => pass.is_basic);
  // The single-game package is how one paid game is bought (from the game's page), not a pass to choose here.
  const others = passes.filter((pass) => pass !== basic && !pass.is_single_event);
  const state = !user ? 'guest' : isBasicPassSelected(form ?? null) ? 'chosen' : 'choose';

  return (
    <>
      <p className={styles.lead} role={state === 'choose' ? 'status' : undefined}>
        {state === 'choose' ? t('packages.choosePrompt') : t('packages.intro')}
      </p>
      {basic && <BasicPassOffer pass={basic} state={state} onChosen={onBasicPassChosen} />}
      {others.length > 0 ? (
        <section aria-labelledby="more-passes">
          <h2 id="more-passes" className={styles.heading}>
            {t('packages.more')}
          </h2>
          <div className={styles.grid}>
            {others.map((pass) => (
              <PassCard key={`${pass.kind}-${pass.id}`} pass={pass} />
            ))}
          </div>
        </section>
      ) : (
        !basic && <p className={styles.lead}>{t('packages.empty')}</p>
      )}
    </>
  );
}
