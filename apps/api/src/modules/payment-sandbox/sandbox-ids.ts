import { randomBytes } from 'node:crypto';

/** Ids shaped like Stripe's (`pm_…`, `pi_…`): a prefix and random letters and digits. */
export const sandboxId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
/** A client secret as Stripe makes them: the object's id, `_secret_`, random. */
export const clientSecretOf = (id: string) => `${id}_secret_${randomBytes(16).toString('hex')}`;
