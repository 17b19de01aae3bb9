import { zodResolver } from '@hookform/resolvers/zod';
import { VALIDATION_MESSAGES as V } from '@sideline/contract/messages';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';

type Issue = z.core.$ZodRawIssue;

/**
 * Messages, in the spec's words, for the contract's checks that carry none of their own (length limits, a
 * missing value): the forms translate spec messages only, never zod's defaults.
 */
function specMessage(issue: Issue): string | undefined {
  if (issue.code === 'too_big' && typeof issue.maximum === 'number') {
    return V.tooLong.replace('{number}', String(issue.maximum));
  }
  if (issue.code === 'too_small' && typeof issue.minimum === 'number') {
    return issue.minimum <= 1 ? V.required : V.tooShort.replace('{number}', String(issue.minimum));
  }
  if (issue.code === 'invalid_type') return V.required;
  return undefined;
}

/** A react-hook-form resolver for one of the contract's request schemas. */
export const accountResolver = <Schema extends z.ZodType<unknown, FieldValues>>(schema: Schema) =>
  zodResolver(schema, { error: specMessage });
