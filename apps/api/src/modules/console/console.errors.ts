import { AppError, type ErrorDetail } from '../../lib/app-error';

export const consoleErrors = {
  /**
   * One answer for a guest, a fan, a role that may not make the call, and a key of another channel: the console says
   * nothing more about what exists to someone without the right.
   */
  roleRequired: () => new AppError({ status: 403, code: 'console_role_required' }),
  gameStarted: () => new AppError({ status: 409, code: 'game_started' }),
  gameNotLive: () => new AppError({ status: 409, code: 'game_not_live' }),
  gameHasOrders: () => new AppError({ status: 409, code: 'game_has_orders' }),
  gameNotFound: () => new AppError({ status: 404, code: 'event_not_found' }),
  /** An id of the channel's catalogue that it does not have (another channel's team, say): the field is wrong. */
  unknownInCatalogue: (field: string) =>
    new AppError({
      status: 400,
      code: 'validation_failed',
      field,
      details: [{ path: `body.${field}`, message: 'is not one of this channel’s' }],
    }),
  priceMismatch: () =>
    new AppError({
      status: 400,
      code: 'validation_failed',
      field: 'price_cents',
      details: [
        { path: 'body.price_cents', message: 'a pay-per-view game needs a price above 0; other games have none' },
      ],
    }),
  catalogueItemNotFound: () => new AppError({ status: 404, code: 'not_found' }),
  pageUrlTaken: () => new AppError({ status: 409, code: 'page_url_taken', field: 'url' }),
  aliasTaken: () => new AppError({ status: 409, code: 'catalogue_alias_taken', field: 'alias' }),
  /** A catalogue row games or teams use: the details name them (`games.<id>`: its name). */
  inUse: (details: ErrorDetail[]) => new AppError({ status: 409, code: 'catalogue_item_in_use', details }),
  /** A file that is not a CSV of the import's columns: one error for the whole file. */
  badImportFile: (message: string) =>
    new AppError({ status: 400, code: 'validation_failed', field: 'csv', details: [{ path: 'body.csv', message }] }),
  /** An import with bad rows: each bad field of each row, by line (`rows.<line>.<column>`). */
  badImportRows: (details: [ErrorDetail, ...ErrorDetail[]]) =>
    new AppError({ status: 400, code: 'validation_failed', field: 'csv', details }),
  staffNotFound: () => new AppError({ status: 404, code: 'user_not_found' }),
  lastOwner: () => new AppError({ status: 409, code: 'last_owner' }),
  addressTaken: () => new AppError({ status: 409, code: 'channel_address_taken' }),
};
