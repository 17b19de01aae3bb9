import { AppError } from '../../../lib/app-error';

export const sandboxErrors = {
  cardInvalid: () => new AppError({ status: 400, code: 'card_invalid' }),
  keyInvalid: () => new AppError({ status: 400, code: 'bad_request', field: 'key' }),
  notFound: () => new AppError({ status: 404, code: 'not_found' }),
  paymentMethodNotFound: () => new AppError({ status: 404, code: 'payment_method_not_found' }),
};
