import { isBasicPassSelected } from '@sideline/contract/rules/basic-pass';
import { PASSES_FORM_ALIAS_NAME } from '@sideline/contract/rules/names';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { customFormQueryOptions, refreshCustomForm } from '@/features/auth/api/get-custom-form';
import { useUser } from '@/features/auth/api/get-profile';
import { usePasses } from '@/features/commerce/api/get-passes';
import { Checkout } from '@/features/commerce/components/checkout/checkout';
import type { BasicPassState } from '@/features/commerce/components/passes/basic-pass-offer';
import { BasicPassSection } from '@/features/commerce/components/passes/basic-pass-section';
import { PassesList } from '@/features/commerce/components/passes-list';
import { type CoverageNames, SelectPackage } from '@/features/commerce/components/select-package';
import { useMoney } from '@/features/commerce/hooks/use-price-title';
import { takeCheckout } from '@/features/commerce/utils/checkout-memory';
import { parsePurchase } from '@/features/commerce/utils/purchase';
import { useEventCategories } from '@/features/events/api/get-event-categories';
import { useParticipantGroups } from '@/features/events/api/get-participant-groups';
import { useParticipants } from '@/features/events/api/get-participants';
import { useDocumentTitle } from '@/hooks/use-document-title';
import styles from './info.module.css';

function useViewTitle(view: 'packages' | 'selectPackage' | 'buy') {
  const { t } = useTranslation('views');
  const title = t(`views.${view}.title`);
  useDocumentTitle(title);
  return title;
}

/**
 * Where the fan stands with the basic pass (signed out, still to choose it, or chosen: the fan's passes form says),
 * and how that form is read again once they choose it.
 */
function useBasicPass(): { state: BasicPassState; refreshChoice: () => Promise<void> } {
  const user = useUser();
  const queryClient = useQueryClient();
  // The guards read the passes form before this page opens, so it is in the cache for a signed-in fan.
  const form = useQuery({ ...customFormQueryOptions(PASSES_FORM_ALIAS_NAME), enabled: !!user }).data;
  const state = !user ? 'guest' : isBasicPassSelected(form ?? null) ? 'chosen' : 'choose';
  const refreshChoice = useCallback(() => refreshCustomForm(queryClient, PASSES_FORM_ALIAS_NAME), [queryClient]);
  return { state, refreshChoice };
}

/**
 * The channel's passes: the basic pass first (a fan who has not chosen it is kept here by the guards and chooses
 * it here; then back to a checkout they left for sign-up, else home), then the passes on sale.
 */
export function PackagesView() {
  const title = useViewTitle('packages');
  const navigate = useNavigate();
  const passes = usePasses();
  const user = useUser();
  const money = useMoney();
  const basicPass = useBasicPass();
  const basic = passes.find((pass) => pass.is_basic);
  const onChosen = useCallback(() => void navigate(takeCheckout() ?? paths.home.href()), [navigate]);
  return (
    <div className="container">
      <h1 className={styles.title}>{title}</h1>
      <BasicPassSection
        pass={basic}
        priceTitle={basic ? money.title(basic) : ''}
        state={basicPass.state}
        refreshChoice={basicPass.refreshChoice}
        onChosen={onChosen}
      />
      <PassesList passes={passes} trialUsed={!!user?.trial_period_used} />
    </div>
  );
}

/**
 * The names of the sports and teams a pass covers, from the channel's catalogue; a team with its sport, gender and
 * its school's colour, as one school has a team of the same name in each sport.
 */
function useCoverageNames(): CoverageNames {
  const { data: categories } = useEventCategories();
  const { data: teams } = useParticipants();
  const { data: schools } = useParticipantGroups();
  return useMemo(() => {
    const category = (id: number) => categories?.find((c) => c.id === id)?.name;
    return {
      category: (id) => category(id) ?? `#${id}`,
      team: (id) => {
        const team = teams?.find((p) => p.id === id);
        if (!team) return { name: `#${id}`, sport: null, gender: null, colour: null };
        const school = schools?.find((g) => g.id === team.participant_group_id);
        return {
          name: team.name,
          sport: team.properties.sport ?? (team.event_category_id ? (category(team.event_category_id) ?? null) : null),
          gender: team.properties.gender,
          colour: school?.color ?? team.color,
        };
      },
    };
  }, [categories, teams, schools]);
}

/** `/select-package/{id}`: the sports or teams of a pass, and its add-ons, before checkout. */
export function SelectPackageView() {
  const title = useViewTitle('selectPackage');
  const id = Number(useParams().id);
  const [search] = useSearchParams();
  const names = useCoverageNames();
  return (
    <div className="container">
      <h1 className={styles.title}>{title}</h1>
      <SelectPackage
        passId={id}
        kind={search.get('kind') === 'subscription' ? 'subscription' : 'package'}
        names={names}
      />
    </div>
  );
}

/** `/buy`: what the query names (a game, a pass with its choices, a plan), or an order coming back to be followed. */
export function BuyView() {
  const title = useViewTitle('buy');
  const user = useUser();
  const [search] = useSearchParams();
  const purchase = useMemo(() => parsePurchase(search), [search]);
  const orderId = Number(search.get('order_id')) || null;
  return (
    <div className="container">
      <h1 className={styles.title}>{title}</h1>
      <Checkout purchase={purchase} signedIn={!!user} orderId={orderId} />
    </div>
  );
}
