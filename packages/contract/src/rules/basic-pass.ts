import { BASIC_PASS_FIELD_NAME } from './names';

type FormLike = { fields: readonly { name: string; value: unknown }[] } | null | undefined;

/** The basic pass counts as selected when the passes form is absent or its basic-pass field is non-zero. */
export function isBasicPassSelected(passesForm: FormLike): boolean {
  if (!passesForm) return true;
  const field = passesForm.fields.find((f) => f.name === BASIC_PASS_FIELD_NAME);
  if (!field) return true;
  const v = field.value;
  return !(v === null || v === undefined || v === 0 || v === '0' || v === '' || v === false);
}
