import { type ParseArgsConfig, parseArgs } from 'node:util';
import { UsageError } from './command';

type Options = NonNullable<ParseArgsConfig['options']>;

/** `parseArgs` with its errors (an unknown option, a missing value) as usage errors. */
export function parseOptions<const O extends Options>(argv: string[], options: O) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values;
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}
