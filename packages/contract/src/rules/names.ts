/** Dependency-free copies of names the rules need (the zod files re-export them). */
export const BASIC_PASS_FIELD_NAME = 'basic_pass';
export const PASSES_FORM_ALIAS_NAME = 'passes';
