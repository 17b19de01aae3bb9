import { MESSAGES } from '@sideline/contract/messages';
import { AppError } from '../../lib/app-error';

/** Why a fan cannot play: each code is a screen of the player. */
export const mediaErrors = {
  geoBlocked: () => new AppError({ status: 403, code: 'geo_blocked', message: MESSAGES.regionBlocked }),
  capabilityMissing: (capability: string) =>
    new AppError({
      status: 403,
      code: 'capability_missing',
      message: `Your account cannot ${capability} on this channel`,
      field: capability,
    }),
  purchaseRequired: () =>
    new AppError({
      status: 403,
      code: 'purchase_required',
      message: 'This game needs a pass or a single-game purchase',
    }),
  notStarted: () => new AppError({ status: 409, code: 'not_started', message: 'This game has not started yet' }),
  unavailable: () =>
    new AppError({
      status: 503,
      code: 'media_unavailable',
      message: 'The video is being prepared. Please try again in a minute',
    }),
  limitReached: () => new AppError({ status: 403, code: 'limit_reached', message: 'You have used all your downloads' }),
  notFound: () => new AppError({ status: 404, code: 'not_found', message: 'Not found' }),
  forbidden: () => new AppError({ status: 403, code: 'forbidden', message: 'This media link is not valid' }),
};
