/** Prices are stored in cents and sent in major units. */
export const fromCents = (cents: number) => Math.round(cents) / 100;
export const toCents = (amount: number) => Math.round(amount * 100);
