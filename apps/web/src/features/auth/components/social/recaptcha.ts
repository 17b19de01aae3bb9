import { channelFile } from '@/config/channel';
import { loadScript } from './load-script';

type Grecaptcha = {
  ready: (callback: () => void) => void;
  execute: (siteKey: string, options: { action: string }) => Promise<string>;
};
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

/**
 * A reCAPTCHA v3 token for `action` when the channel has a site key (the server then requires one), null
 * otherwise. The script loads on first use only: channels without the check never fetch it.
 */
export async function recaptchaToken(action: string): Promise<string | null> {
  const siteKey = channelFile().providers?.recaptcha?.site_key;
  if (!siteKey) return null;
  await loadScript(`https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`);
  const grecaptcha = window.grecaptcha;
  if (!grecaptcha) return null;
  await new Promise<void>((resolve) => grecaptcha.ready(resolve));
  return grecaptcha.execute(siteKey, { action });
}
