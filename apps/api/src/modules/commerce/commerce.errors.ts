import { AppError } from '../../lib/app-error';

/** The checkout's errors, each with its catalogue message (spec sections 5 and 8). */
export const commerceErrors = {
  idNotSelected: () => new AppError({ status: 400, code: 'id_not_selected' }),
  singleEventPackageRequired: () =>
    new AppError({ status: 400, code: 'single_event_package_required', field: 'package_id' }),
  eventNotFound: () => new AppError({ status: 404, code: 'event_not_found' }),
  passNotFound: () => new AppError({ status: 404, code: 'pass_not_found' }),
  noPaymentMethod: () => new AppError({ status: 400, code: 'no_payment_method', field: 'payment_method_id' }),
  paymentMethodNotFound: () =>
    new AppError({ status: 404, code: 'payment_method_not_found', field: 'payment_method_id' }),
  wrongPromoCode: () => new AppError({ status: 400, code: 'wrong_promo_code', field: 'coupon' }),
  alreadyPurchased: () => new AppError({ status: 409, code: 'already_purchased' }),
  /** The fan's passes or plan already open what they ask to buy (the rule `has_access` reads). */
  alreadyHasAccess: () => new AppError({ status: 409, code: 'already_has_access' }),
  purchasePending: () => new AppError({ status: 409, code: 'purchase_pending' }),
  notForSale: () => new AppError({ status: 400, code: 'not_for_sale' }),
  trialAlreadyUsed: () => new AppError({ status: 409, code: 'trial_already_used' }),
  orderNotFound: () => new AppError({ status: 404, code: 'order_not_found' }),
  idempotencyKeyReused: () => new AppError({ status: 409, code: 'idempotency_key_reused', field: 'idempotency_key' }),
  providerError: () => new AppError({ status: 502, code: 'payment_provider_error' }),
  /** A plan with a game or a pass in one checkout: one of them would be silently dropped. */
  onePurchaseOnly: () =>
    new AppError({
      status: 400,
      code: 'validation_failed',
      field: 'subscription_id',
      details: [
        {
          path: 'body.subscription_id',
          message: 'Buy one thing at a time: a plan (subscription_id), a game (event_id), or a pass (package_id)',
        },
      ],
    }),
  /**
   * Add-ons go with passes and games (the add-ons a pass lists); a plan already grants what it grants, at each
   * renewal, and an add-on lists none.
   */
  noAddOnsOn: (what: 'plan' | 'add-on') =>
    new AppError({
      status: 400,
      code: 'validation_failed',
      field: 'additional',
      details: [{ path: 'body.additional', message: `${what === 'plan' ? 'A plan' : 'An add-on'} takes no add-ons` }],
    }),
  choiceInvalid: (field: 'categories' | 'participants') =>
    new AppError({
      status: 400,
      code: 'validation_failed',
      field,
      details: [{ path: `body.${field}`, message: `Choose among the ${field} of this pass` }],
    }),
};

export const planErrors = {
  orderNotFound: () => new AppError({ status: 404, code: 'order_not_found' }),
  notCancellable: () => new AppError({ status: 400, code: 'not_cancellable' }),
  noCustomer: () => new AppError({ status: 400, code: 'no_payment_method' }),
};

/** The provider's webhook's errors. */
export const webhookErrors = {
  /** Not ours yet (the checkout has not stored the subscription): answer non-2xx so the provider retries later. */
  notYet: () => new AppError({ status: 503, code: 'service_unavailable' }),
};

export const passErrors = {
  notFound: () => new AppError({ status: 404, code: 'pass_not_found' }),
};
