import { loadScript } from './load-script';

type GoogleId = {
  initialize: (options: { client_id: string; callback: (response: { credential?: string }) => void }) => void;
  renderButton: (parent: HTMLElement, options: Record<string, unknown>) => void;
};
declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleId } };
  }
}

export const GOOGLE_SCRIPT = 'https://accounts.google.com/gsi/client';

/**
 * Google Identity Services' own button in `parent`: Google draws it (as its terms ask) and hands back an ID
 * token, which the API verifies.
 */
export async function renderGoogleButton(
  parent: HTMLElement,
  { clientId, locale, onToken }: { clientId: string; locale: string; onToken: (token: string) => void },
) {
  await loadScript(GOOGLE_SCRIPT);
  const id = window.google?.accounts?.id;
  if (!id) throw new Error('Google Identity Services did not start');
  id.initialize({
    client_id: clientId,
    callback: (response) => {
      if (response.credential) onToken(response.credential);
    },
  });
  id.renderButton(parent, {
    type: 'standard',
    theme: 'outline',
    size: 'large',
    shape: 'pill',
    text: 'continue_with',
    locale,
    width: Math.min(400, Math.max(200, parent.clientWidth || 320)),
  });
}
