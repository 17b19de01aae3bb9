/** A registration body that passes validation: a new fan with the given e-mail. */
export const newFan = (email: string) => ({
  first_name: 'Ana',
  last_name: 'Ivanova',
  email,
  password: 'correct horse 1',
  password_confirmation: 'correct horse 1',
  terms_accepted: true,
});
