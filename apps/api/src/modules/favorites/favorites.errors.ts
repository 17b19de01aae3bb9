import { AppError } from '../../lib/app-error';

export const favoriteErrors = {
  targetNotFound: () => new AppError({ status: 404, code: 'favorite_target_not_found', field: 'favoritable_id' }),
  notFound: () => new AppError({ status: 404, code: 'favorite_not_found' }),
};
