import { BASIC_PASS_FIELD_NAME, PASSES_FORM_ALIAS_NAME } from '@sideline/contract/rules/names';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { customFormQueryKey } from './get-custom-form';

/**
 * `POST /custom-forms/passes` with the basic-pass field set to 1, then the form is read again (spec section 7).
 * The reload is awaited, whether or not a screen shows the form: the guards read it on the next navigation.
 */
export async function chooseBasicPass(queryClient: QueryClient): Promise<void> {
  await api.post('/custom-forms/{alias}', {
    path: { alias: PASSES_FORM_ALIAS_NAME },
    body: { fields: [{ name: BASIC_PASS_FIELD_NAME, value: 1 }] },
  });
  await queryClient.invalidateQueries({ queryKey: customFormQueryKey(PASSES_FORM_ALIAS_NAME), refetchType: 'all' });
}
