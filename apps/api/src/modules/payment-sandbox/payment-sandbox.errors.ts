import { AppError } from '../../lib/app-error';

export const sandboxErrors = {
  cardInvalid: () => new AppError({ status: 400, code: 'card_invalid' }),
  /** A card refused when its setup is confirmed (Stripe's 402 card error): it is not saved. */
  cardDeclined: () => new AppError({ status: 402, code: 'card_declined' }),
  keyInvalid: () => new AppError({ status: 400, code: 'bad_request', field: 'key' }),
  notFound: () => new AppError({ status: 404, code: 'not_found' }),
  paymentMethodNotFound: () => new AppError({ status: 404, code: 'payment_method_not_found' }),
  /** A plan asked for with a card that is not the customer's: a 400, as Stripe refuses such a subscription. */
  subscriptionPaymentMethodInvalid: () => new AppError({ status: 400, code: 'payment_method_not_found' }),
  webhookSignatureInvalid: () => new AppError({ status: 400, code: 'webhook_signature_invalid' }),
  /** A signed webhook body that is not an event (not JSON, or no id and type). */
  webhookBodyInvalid: () => new AppError({ status: 400, code: 'body_invalid' }),
};
