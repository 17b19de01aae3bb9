import { BASIC_PASS_FIELD_NAME, PASSES_FORM_ALIAS_NAME } from '@sideline/contract/rules/names';
import { api } from '@/lib/api-client';

/**
 * `POST /custom-forms/passes` with the basic-pass field set to 1, then the form is read again (spec section 7):
 * `refreshChoice` reloads it (the app gives the auth feature's reload of the fan's passes form). The reload is
 * awaited, whether or not a screen shows the form: the guards read it on the next navigation.
 */
export async function chooseBasicPass(refreshChoice: () => Promise<void>): Promise<void> {
  await api.post('/custom-forms/{alias}', {
    path: { alias: PASSES_FORM_ALIAS_NAME },
    body: { fields: [{ name: BASIC_PASS_FIELD_NAME, value: 1 }] },
  });
  await refreshChoice();
}
