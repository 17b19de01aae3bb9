import { AppError } from '../../lib/app-error';

/** Why a fan cannot play: each code is a screen of the player. */
export const mediaErrors = {
  geoBlocked: () => new AppError({ status: 403, code: 'geo_blocked' }),
  /** `field` names the capability the account lacks (`watch`, `download`). */
  capabilityMissing: (capability: string) =>
    new AppError({ status: 403, code: 'capability_missing', field: capability }),
  purchaseRequired: () => new AppError({ status: 403, code: 'purchase_required' }),
  notStarted: () => new AppError({ status: 409, code: 'not_started' }),
  unavailable: () => new AppError({ status: 503, code: 'media_unavailable' }),
  limitReached: () => new AppError({ status: 403, code: 'limit_reached' }),
  notFound: () => new AppError({ status: 404, code: 'not_found' }),
  forbidden: () => new AppError({ status: 403, code: 'media_link_invalid' }),
};
