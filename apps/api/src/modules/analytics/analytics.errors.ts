import { AppError } from '../../lib/app-error';

export const analyticsErrors = {
  /** The quality report is the operator's: it needs their token in `Authorization: Bearer`. */
  operatorTokenRequired: () => new AppError({ status: 403, code: 'operator_token_required' }),
};
