import { loadScript } from './load-script';

type FacebookSdk = {
  init: (options: { appId: string; version: string; cookie?: boolean; xfbml?: boolean }) => void;
  login: (
    callback: (response: { authResponse?: { accessToken?: string } | null }) => void,
    options?: { scope: string },
  ) => void;
};
declare global {
  interface Window {
    FB?: FacebookSdk;
  }
}

const SDK_LOCALES: Record<string, string> = { en: 'en_US', fr: 'fr_FR', bg: 'bg_BG' };
const initialised = new Set<string>();

/** Loads and starts the Facebook SDK for the channel's app; done ahead, so the click can open its popup at once. */
export async function prepareFacebook(appId: string, language: string): Promise<FacebookSdk> {
  await loadScript(`https://connect.facebook.net/${SDK_LOCALES[language] ?? 'en_US'}/sdk.js`);
  const sdk = window.FB;
  if (!sdk) throw new Error('The Facebook SDK did not start');
  if (!initialised.has(appId)) {
    sdk.init({ appId, version: 'v21.0', cookie: false, xfbml: false });
    initialised.add(appId);
  }
  return sdk;
}

/** Facebook's login popup; resolves with the access token, or null when the fan closes it. */
export function facebookAccessToken(sdk: FacebookSdk): Promise<string | null> {
  return new Promise((resolve) =>
    sdk.login((response) => resolve(response.authResponse?.accessToken ?? null), { scope: 'email' }),
  );
}
