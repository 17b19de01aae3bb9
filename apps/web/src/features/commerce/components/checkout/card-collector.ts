import type { SetupIntent } from '@sideline/contract/commerce';

/** A new card, saved with the provider: only its payment method id travels to the order API. */
export type CollectedCard = { paymentMethodId: string };

/**
 * What a card form hands the checkout: `collect()` checks the fields (showing their errors and focusing the
 * first), saves the card with the provider, and resolves its payment method, or null when a field is wrong.
 */
export type CardCollector = { collect: () => Promise<CollectedCard | null> };

export type CardFormProps = { setup: SetupIntent; ref: React.Ref<CardCollector> };
