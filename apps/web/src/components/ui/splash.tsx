import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { bootValue, SPLASH_VIDEO_EVENT } from '@/lib/boot-object';

/**
 * The game's first frame while the app starts: a game page's early stream (features/player/hooks/warm-stream.ts)
 * puts its video in the boot object, not through an import of this file, so the stream's code shares no chunk with
 * the shell.
 */
const splashVideo = () => bootValue('splashVideo') ?? null;
function onSplashVideo(change: () => void) {
  window.addEventListener(SPLASH_VIDEO_EVENT, change);
  return () => window.removeEventListener(SPLASH_VIDEO_EVENT, change);
}

/**
 * The loader shown while the app starts (same look as the one painted by index.html before any script), with the
 * page's first picture when the server put one in that splash (apps/api/src/plugins/web.ts): it stays on screen.
 */
export function Splash({ picture }: { picture?: string | null | undefined }) {
  const { t } = useTranslation();
  const video = useSyncExternalStore(onSplashVideo, splashVideo, () => null);
  return (
    <div className="boot-splash" role="status">
      {video ? (
        <div className="boot-splash-picture" ref={(box) => box?.append(video)} />
      ) : (
        picture && <img className="boot-splash-picture" src={picture} alt="" />
      )}
      <div className="boot-splash-ring" aria-hidden="true" />
      <p className="boot-splash-label">{t('app.loading')}</p>
    </div>
  );
}

/** The page's first picture, as the server put it in the page's splash; read once as the app boots. */
let bootPicture: string | null = null;

/** Keeps the server's splash picture for the splashes the app shows while it starts (call before replacing it). */
export function keepBootPicture(container: Element) {
  bootPicture = container.querySelector('img.boot-splash-picture')?.getAttribute('src') ?? null;
}

/** The splash while the app starts (the router's first load included): with the server's picture, if any. */
export function BootSplash() {
  return <Splash picture={bootPicture} />;
}
