// hls.js's module builds cannot inline their worker: without its address they remux every segment on the page's
// main thread (Lighthouse counted those as hls.js's long tasks on a game's page; they are gone with the worker).
import hlsWorkerUrl from 'hls.js/dist/hls.worker.js?url';
import Hls, { type HlsConfig } from 'hls.js/light';
import { bootValue, SPLASH_VIDEO_EVENT, setBootValue } from '@/lib/boot-object';
import { dropRemuxer, remuxerIsIdle } from '../utils/hls-internals';

/**
 * hls.js settings for the channel's streams. Live segments are 1 s long: playing 1.25 s behind the playlist's
 * live edge, and catching up (slightly faster playback) when drifting a little past it, keeps the picture within
 * about 3 s of the encoder's clock, where standard settings (three 6 s segments) sit 15-30 s behind. No maximum
 * latency: past one, hls.js would jump back to live and undo a fan's rewind. The live duration is infinite so
 * the controls treat the stream as live with a rewind window (the playlist's seekable range).
 */
export const HLS_CONFIG: Partial<HlsConfig> = {
  liveSyncDuration: 1.25,
  maxLiveSyncPlaybackRate: 1.25,
  liveDurationInfinity: true,
  lowLatencyMode: false,
  // The rewind window is long (12 min): keep a minute behind the playhead, not all of it, in memory.
  backBufferLength: 60,
  // A warm stream (below) loads its first segment before it has a video element to play in.
  startFragPrefetch: true,
  // Off at the start, so the first frame never waits for the worker's start; remuxInWorkerOnceSettled turns it on.
  enableWorker: false,
  workerPath: hlsWorkerUrl,
};

// A warm stream nobody plays (the fan left, or was refused) is dropped after this long.
const WARM_FOR_MS = 15_000;
/**
 * The warm start remuxes on the page's thread and buffers only a few seconds until the player takes it over. hls.js
 * starts its worker when the first segment has arrived, and with the demo's live encoder sharing the machine that
 * start held the first frame back: 1.21 to 1.57 times the plain hls.js page's, against 0.95 to 1.24 without it
 * (bench/README.md, 2026-11-28). A remux of one short segment is a short task; the small buffer keeps the start from
 * remuxing 30 s of segments while the app's code is evaluated (the game page's blocking time did not grow).
 */
const WARM_BUFFER_S = 4;

let warm: { url: string; hls: Hls; video: HTMLVideoElement; timer: ReturnType<typeof setTimeout> } | null = null;
/** Addresses a mounted player is loading: one that mounted before the warm start needs none. */
const playing = new Set<string>();

/** Tells the early start the first frame is on screen (or there will be none): the app's code may run. */
const tellShown = () => bootValue('firstFrameShown')?.();

/** The start-up splash's video (components/ui/splash.tsx reads it from the boot object). */
function setSplashVideo(video: HTMLVideoElement | null) {
  setBootValue('splashVideo', video);
  window.dispatchEvent(new Event(SPLASH_VIDEO_EVENT));
}

/**
 * From its first frame the warm video shows in the start-up splash, where the server put the game's picture: the
 * fan sees the game while the app's code still loads, and the player later takes the same element. In the server's
 * splash (before the app's first render) it goes in here; the app's splash picks it up from the global.
 */
function showInSplash(video: HTMLVideoElement) {
  if (warm?.video !== video) return tellShown();
  video.className = 'boot-splash-video';
  video.setAttribute('aria-hidden', 'true');
  const picture = document.querySelector<HTMLImageElement>('.boot-splash[aria-busy] > img.boot-splash-picture');
  if (picture) {
    const box = document.createElement('div');
    box.className = 'boot-splash-picture';
    box.append(video);
    // Hidden, not removed: the app's splashes read the picture's address from it (keepBootPicture).
    picture.style.display = 'none';
    picture.before(box);
  }
  setSplashVideo(video);
  // Painted in the next frame; the app's code starts after it.
  requestAnimationFrame(() => setTimeout(tellShown));
}

function dropWarm() {
  if (!warm) return;
  clearTimeout(warm.timer);
  warm.hls.destroy();
  if (bootValue('splashVideo') === warm.video) {
    warm.video.remove();
    setSplashVideo(null);
  }
  warm = null;
}

/**
 * Starts loading a stream before its player exists: the playlists and the first segment arrive while the page
 * is still being built, and the player that mounts for the same address takes this instance (takeWarmStream).
 * One at a time; a stream that fails while warm is dropped, and the player starts its own.
 */
export function warmStream(url: string) {
  if (warm?.url === url || playing.has(url) || !Hls.isSupported()) return tellShown();
  dropWarm();
  // maxBufferSize 0: hls.js buffers the larger of the two limits, and 60 MB is minutes of a game.
  const hls = new Hls({ ...HLS_CONFIG, maxBufferLength: WARM_BUFFER_S, maxBufferSize: 0 });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    tellShown();
    if (warm?.hls === hls) dropWarm();
  });
  hls.loadSource(url);
  // The media pipeline (MediaSource, the first segment's decoding) starts now too, on a video element of its own
  // that the player puts on the page (takeWarmVideo): the first frame is ready when the player appears.
  const video = document.createElement('video');
  video.playsInline = true;
  video.preload = 'auto';
  hls.attachMedia(video);
  video.addEventListener('loadeddata', () => showInSplash(video), { once: true });
  warm = { url, hls, video, timer: setTimeout(dropWarm, WARM_FOR_MS) };
}

/** The video element the warm instance loading `url` plays into, for the player to show; null when there is none. */
export function takeWarmVideo(url: string): HTMLVideoElement | null {
  if (warm?.url !== url) return null;
  if (bootValue('splashVideo') === warm.video) {
    warm.video.removeAttribute('aria-hidden');
    setSplashVideo(null);
  }
  return warm.video;
}

/**
 * The warm instance loading `url`, handed over once (its owner destroys it); null when there is none. The address
 * counts as playing until `release` (the player unmounts), so no warm start repeats it meanwhile.
 */
export function takeWarmStream(url: string): { hls: Hls | null; release: () => void } {
  playing.add(url);
  const release = () => playing.delete(url);
  if (warm?.url !== url) return { hls: null, release };
  const { hls, timer } = warm;
  clearTimeout(timer);
  // The player buffers as usual from here (hls.js reads its config as it loads each segment).
  hls.config.maxBufferLength = Hls.DefaultConfig.maxBufferLength;
  hls.config.maxBufferSize = Hls.DefaultConfig.maxBufferSize;
  warm = null;
  return { hls, release };
}

/**
 * How long a player's instance remuxes on the page's thread before it takes up hls.js's worker: the worker's start
 * (making it, its first messages) is main-thread work too, and in the page's first seconds it landed among the
 * app's own tasks (started right after the first frame: the game page's blocking time 1.35 and 1.82 times the
 * build's before, 8 runs each, 2026-11-29).
 */
const REMUX_IN_PAGE_MS = 10_000;

/**
 * A player's instance (warm or its own) starts without hls.js's worker, so the first frame never waits for the
 * worker's start (hls.js starts it with the first segment; decisions/0006-fast-start.md), and takes it up once the
 * page has settled: a live game remuxes a 1 s segment every second for as long as it plays, and on a phone each
 * remux on the page's thread is a task that delays the fan's taps. hls.js reads `enableWorker` when it makes its
 * remuxer, so the page's one is dropped between two segments (just after one is buffered, before the next one's
 * data arrives; hls.js does the same when its worker fails) and the next segment makes one with the worker.
 * Timestamps carry on: the stream controller, not the remuxer, keeps each stream's first timestamp.
 */
export function remuxInWorkerOnceSettled(hls: Hls) {
  const since = performance.now();
  const onBuffered = () => {
    // Only while no segment's data is in the remuxer; otherwise the next buffered segment is the moment.
    // The video checked now: a warm instance may move to the player's own element, which starts without a frame.
    const shown = (hls.media?.readyState ?? 0) >= HTMLMediaElement.HAVE_CURRENT_DATA;
    if (!remuxerIsIdle(hls) || !shown || performance.now() - since < REMUX_IN_PAGE_MS) return;
    hls.off(Hls.Events.FRAG_BUFFERED, onBuffered);
    // Set only now: set earlier, it would start the worker with the next remuxer hls.js makes (a new source's).
    hls.config.enableWorker = true;
    dropRemuxer(hls);
  };
  hls.on(Hls.Events.FRAG_BUFFERED, onBuffered);
}

// The early start's stream (apps/web/early-start.js): the address of a game without a preroll, once known.
const early = bootValue('warmStream');
void early?.then((url) => (url ? warmStream(url) : tellShown())).catch(tellShown);
