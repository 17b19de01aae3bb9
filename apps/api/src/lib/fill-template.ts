/**
 * Puts values into a text's `{name}` places. Each value goes in through a replacer function, so a value holding
 * `$&`, `` $` `` or `$'` (a channel, game or order name typed by anyone) is written as it is, not read as a pattern.
 */
export const fillTemplate = (text: string, values: Record<string, string>): string =>
  Object.entries(values).reduce((acc, [key, value]) => acc.replaceAll(`{${key}}`, () => value), text);
