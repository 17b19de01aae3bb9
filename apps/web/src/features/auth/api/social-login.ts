import type { SocialProvider } from '@sideline/contract/enums';
import { api } from '@/lib/api-client';

/**
 * `POST v2/auth/social/{provider}` with the provider's token (a Google ID token, a Facebook access token), checked
 * on the server. A first sign-in creates the account: 400 `terms_required` until `terms_accepted` is sent.
 */
export const socialLogin = (provider: SocialProvider, token: string, termsAccepted: boolean, nonce?: string) =>
  api
    .post('/v2/auth/social/{provider}', {
      path: { provider },
      body: { token, ...(termsAccepted ? { terms_accepted: true } : {}), ...(nonce ? { nonce } : {}) },
      quiet: [401, 404],
    })
    .then((r) => r.data);
