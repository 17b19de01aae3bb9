/**
 * Exact user-visible messages of the spec (sections 5 and 8). The server sends them in the error body's
 * `message`; the client maps them to translations. Dependency-free so the web's first chunk can use them.
 */
export const MESSAGES = {
  emailAlreadyRegistered: 'email already registered',
  wrongAuthData: 'Wrong auth data',
  alreadyLoggedIn: 'You are already logged in',
  verificationFailed: 'Verification failed',
  emailAlreadyVerified: 'Email already verified',
  userNotFound: 'User not found',
  resetKeyExpired: 'Reset password key expired',
  resetFailed: 'Reset password failed',
  wrongPromoCode: 'Wrong promo code',
  recaptchaRequired: 'recaptcha token required',
  recaptchaInvalid: 'invalid or robot',
  noChannelOrApiKey: 'No channel or api key found',
  invalidCredentials: 'Invalid email or password. Please try again',
  somethingWentWrong: 'Something went wrong. Please try again or contact technical support',
  notRegisteredAcceptTerms: 'You are not registered yet. Please accept terms...',
  regionBlocked: 'region blocked',
  clipCreatingFailed: 'clip creating failed',
  idNotSelected: 'id not selected',
  passNotFound: 'Pass not found',
  noPaymentMethod: 'NoPaymentMethod',
  userMustBeLoggedIn: 'user must be logged in',
  tooManyRequests: 'Too many requests. Please wait a moment and try again',
  notFound: 'Not found',
  validationFailed: 'The request is not valid',
} as const;

/** Validation messages of spec section 5, used by the contract's form schemas and translated by the web app. */
export const VALIDATION_MESSAGES = {
  email: 'A valid email address is required',
  firstNameRequired: 'Enter your first name',
  lastNameRequired: 'Enter your last name',
  passwordTooShort: 'Password is too short',
  passwordsDontMatch: "PASSWORDS DON'T MATCH",
  required: 'This field is required',
  tooLong: 'Must be at most {number} characters',
  tooShort: 'Must be at least {number} characters',
  acceptTerms: 'Please accept the terms and conditions',
  phone: 'Enter a phone number of 10 to 14 digits',
  clipDurationTooLong: 'Clip duration is longer than the end time',
  clipNameRequired: 'Please fill in the input field',
  clipTagRequired: 'Please select tag',
  noPaymentMethod: 'NoPaymentMethod',
  wrongPromoCode: 'Wrong promo code',
} as const;
