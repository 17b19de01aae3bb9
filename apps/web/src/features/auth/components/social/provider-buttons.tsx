import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { facebookAccessToken, prepareFacebook } from './facebook';
import { renderGoogleButton } from './google';
import { startSandboxSignIn } from './google-sandbox';
import styles from './social.module.css';

type ButtonProps = { onToken: (token: string) => void; language: string };

/** Google's button, drawn by Google Identity Services once its script has loaded (only when it is shown). */
export function GoogleButton({ clientId, language, onToken }: ButtonProps & { clientId: string }) {
  const { t } = useTranslation('accounts');
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(onToken);
  latest.current = onToken;
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const parent = ref.current;
    if (!parent) return;
    renderGoogleButton(parent, { clientId, locale: language, onToken: (token) => latest.current(token) }).catch(() =>
      setFailed(true),
    );
  }, [clientId, language]);

  return (
    <>
      <div ref={ref} className={styles.google} data-provider="google" />
      {failed && <p className={styles.unavailable}>{t('auth.social.unavailable')}</p>}
    </>
  );
}

/** Facebook's login: its SDK loads when the button is shown, so a click opens the popup straight away. */
export function FacebookButton({ appId, language, onToken, busy }: ButtonProps & { appId: string; busy: boolean }) {
  const { t } = useTranslation('accounts');
  const [sdk, setSdk] = useState<Awaited<ReturnType<typeof prepareFacebook>> | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    prepareFacebook(appId, language).then(
      (ready) => live && setSdk(ready),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [appId, language]);

  return (
    <>
      <button
        type="button"
        className={`button ${styles.facebook}`}
        aria-disabled={!sdk || busy || undefined}
        onClick={() => {
          if (!sdk || busy) return;
          void facebookAccessToken(sdk).then((token) => token && onToken(token));
        }}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="currentColor">
          <path d="M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v9h4v-9h3l.5-4h-3.5V8.8c0-.5.3-.8.5-.8z" />
        </svg>
        {t('auth.social.facebook')}
      </button>
      {failed && <p className={styles.unavailable}>{t('auth.social.unavailable')}</p>}
    </>
  );
}

/** "Continue with Google" through the offline identity sandbox: the page goes to its consent page and back. */
export function SandboxGoogleButton({
  discovery,
  clientId,
  busy,
}: {
  discovery: string;
  clientId: string;
  busy: boolean;
}) {
  const { t } = useTranslation('accounts');
  const [failed, setFailed] = useState(false);
  return (
    <>
      <button
        type="button"
        className={`button ${styles.sandboxGoogle}`}
        data-provider="google"
        aria-disabled={busy || undefined}
        onClick={() => {
          if (busy) return;
          startSandboxSignIn(discovery, clientId).catch(() => setFailed(true));
        }}
      >
        {t('auth.social.google')}
      </button>
      {failed && <p className={styles.unavailable}>{t('auth.social.unavailable')}</p>}
    </>
  );
}
