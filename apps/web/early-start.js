// @ts-check
/**
 * The early start: inlined into index.html (build/early-start.ts) and run while the page is still being parsed,
 * before the app's code has even arrived. With the answers the server put in the page (`#sideline-boot`), it
 *  - asks for the api key (unless one is stored) and, for a key that may hold a session, the fan's profile at once;
 *  - on a game's page, asks for the game and its playback too, loads hls.js (the server's page already started
 *    its download: a modulepreload, apps/api/src/plugins/web.ts), and on a game without a preroll
 *    starts its stream (the boot object's `warmStream`); the app's entry waits for its first frame (`entryHold`, at most
 *    1.5 s);
 *  - on an unfiltered listing's first visit, files the guest's first page the page carries;
 *  - starts downloading the code of the page being opened (`__ROUTE_PRELOADS__`, filled in at build time);
 *  - has a worker load the browser's date and number data, off the main thread.
 * The app takes these answers instead of asking again (src/lib/early-answers.ts). It must stay small, without
 * imports, and never throw: on any surprise the app simply asks for itself.
 */
(() => {
  // A page's first date or number format loads ICU's data: 12 to 34 ms of the main thread in Chromium on a quiet
  // machine, 45 to 75 on a busy one (later ones take under 1 ms, any locale or zone). That data belongs to the
  // page's whole process, so a worker loads it, on its own thread, while the page waits for its code; React's
  // first render of a game's time then finds it loaded. Nothing is lost where workers are refused.
  // The worker is a file of its own (build/early-start.ts): made from a Blob here, it cost the page's first paint 1 to
  // 17 ms more (the page's first Blob and its address). Started later, after the first paint, it was still loading
  // when the app's first render needed the data (more blocking time in Lighthouse, bench/README.md).
  const intlWorker = __INTL_WORKER__;
  try {
    if (intlWorker) {
      const worker = new Worker(intlWorker, { name: 'intl-warm-up' });
      worker.onmessage = worker.onerror = () => worker.terminate();
    }
  } catch {}
  /**
   * The page's boot object (src/lib/boot-object.ts says what it holds), under the name the build gives it.
   * @type {Record<string, unknown>}
   */
  const host = /** @type {Record<string, Record<string, unknown>>} */ (/** @type {unknown} */ (window));
  host[__BOOT_GLOBAL__] ??= {};
  const shared = host[__BOOT_GLOBAL__];
  const path = location.pathname;
  /**
   * Each early page's address patterns, made from src/config/paths.ts at build time (build/early-routes.ts).
   * @type {Record<string, string[]>}
   */
  const routes = __ROUTE_PATTERNS__;
  /** The first match of the page's address among a page's patterns (a game's id is its first group). */
  const matches = (/** @type {string} */ name) => {
    for (const pattern of routes[name] ?? []) {
      const match = new RegExp(pattern).exec(path);
      if (match) return match;
    }
    return null;
  };
  const LINKS_A_TASK = 4;
  /** The code of the page being opened; called once the calls below are sent (HTTP/1.1 has six connections). */
  const preloadCode = () => {
    /** @type {Record<string, string[]>} */
    const routeFiles = __ROUTE_PRELOADS__;
    /** @type {string[]} */
    const files = [];
    for (const name in routes) if (matches(name)) files.push(...(routeFiles[name] ?? []));
    // A few links a task: each one starts a download, and a game's two dozen in one go were a task of 13 to 30 ms
    // in Lighthouse's trace (a phone's four times that), in the middle of the page's start (bench/README.md).
    const insert = (/** @type {number} */ from) => {
      const links = document.createDocumentFragment();
      for (const file of files.slice(from, from + LINKS_A_TASK)) {
        const link = document.createElement('link');
        if (file.endsWith('.css')) Object.assign(link, { rel: 'preload', as: 'style' });
        else link.rel = 'modulepreload';
        // As the app's own requests for them are made (Vite's), so the browser reuses these downloads.
        link.crossOrigin = '';
        link.href = file;
        links.appendChild(link);
      }
      document.head.appendChild(links);
      if (from + LINKS_A_TASK < files.length) setTimeout(() => insert(from + LINKS_A_TASK));
    };
    insert(0);
  };
  /** @type {Record<string, unknown> | null} */
  let boot = null;
  try {
    boot = JSON.parse(document.getElementById('sideline-boot')?.textContent ?? 'null');
  } catch {}
  const channel = /** @type {{ api_host?: string; channel_key?: string } | undefined} */ (boot?.['/channel.json']);
  if (!boot || !channel?.api_host || !channel.channel_key) return preloadCode();
  const game = matches('watch')?.[1];
  /** @type {string} */
  const streamCode = __WARM_STREAM__;
  // hls.js (with the warm start) first, before anything touches localStorage: a new profile's first access to it
  // waits on the browser process (measured 50 to 100 ms in a fresh headless context).
  const loaded = game && streamCode ? import(streamCode).catch(() => undefined) : undefined;

  /** Answers by "METHOD address"; each resolves to { status, body, key? }, or null when the network failed. */
  const answers = new Map(
    Object.entries(boot)
      .filter(([url]) => url.startsWith('/'))
      .map(([url, body]) => [`GET ${url}`, Promise.resolve({ status: 200, body })]),
  );
  /** @param {string} method @param {string} url @param {unknown} [body] */
  const ask = (method, url, body) =>
    fetch(url, {
      method,
      priority: 'high',
      headers: body ? { 'content-type': 'application/json' } : { accept: 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    })
      .then(async (res) => ({ status: res.status, body: await res.json().catch(() => undefined) }))
      .catch(() => null);

  const api = new URL(channel.api_host.replace(/\/?$/, '/'), location.href);
  const address = (/** @type {string} */ p) => new URL(p, api);
  let stored = null;
  // A fan the guards move off every game's page (src/app/guard-hold.ts) gets no game started in the splash.
  let held = false;
  try {
    stored = localStorage.getItem('sideline:api-key');
    held = !!stored && localStorage.getItem('sideline:guard-hold') === stored;
  } catch {}
  /** @type {Promise<string | null>} */
  let key = Promise.resolve(stored);
  if (!stored) {
    const keyUrl = address('get_api_key');
    const answer = ask('POST', keyUrl.href, { channel_key: channel.channel_key });
    answers.set(`POST ${keyUrl.pathname}`, answer);
    key = answer.then((a) => (a && a.status < 300 ? (a.body?.data?.api_key ?? null) : null));
  }
  /** @param {string} p @param {unknown} [known] the answer's body when the page carries it (asked for otherwise) */
  const get = (p, known) => {
    const url = address(p);
    const answer = key.then((k) => {
      if (!k) return null;
      if (known) return { status: 200, body: known, key: k };
      url.searchParams.set('api_key', k);
      return ask('GET', url.href).then((a) => a && { ...a, key: k });
    });
    answers.set(`GET ${url.pathname}${url.search}`, answer);
    return answer;
  };
  if (game && !held) {
    // A game without a preroll starts loading its stream as soon as its playback is known: hls.js (with the warm
    // start, features/player/hooks/warm-stream.ts) loads meanwhile and reads the boot object's `warmStream`, the
    // stream's address or null. With a preroll, the app decides what plays first.
    // On a first visit (no stored key: a guest) the page carries a guest's playback of a free game
    // (apps/api/src/plugins/web.ts): the stream starts without waiting for the key and the playback's round trips.
    // A stored key may be a signed-in fan's, whose playback differs (no preroll, paid games): that one is asked for.
    /** @type {{ url?: string; preroll?: unknown } | undefined} */
    const carried = (!stored && /** @type {never} */ (boot.playback)) || undefined;
    const playback = get(`events/${game}/playback`, carried && { data: carried });
    if (loaded) {
      const first = carried ? Promise.resolve({ status: 200, body: { data: carried } }) : playback;
      const url = first.then((a) => {
        const data = a?.status === 200 ? a.body?.data : null;
        return data?.url && !data.preroll ? data.url : null;
      });
      // Read by the stream's code when it runs, which is never before this task ends.
      shared.warmStream = url;
      /** @type {(value?: unknown) => void} */
      let shown = () => {};
      const firstFrame = new Promise((resolve) => {
        shown = resolve;
      });
      // Called by the stream's code once the game's first frame is on screen in the splash (or it gave up).
      shared.firstFrameShown = shown;
      // The app's code waits for that (build/start-after-first-paint.ts, with a limit): its evaluation holds the
      // main thread, which would keep the splash from painting the frame.
      const hold = Promise.all([url, loaded]).then(([address]) => address && firstFrame);
      shared.entryHold = hold.catch(() => undefined);
    }
    get(`events/${game}`);
  }
  // A listing's page (/schedule with no filter) carries a guest's first page of it: on a first visit its cards need
  // no call once the key is known. A stored key may be a signed-in fan's, whose answer differs (has_access).
  /** @type {{ address?: unknown; body?: unknown } | undefined} */
  const listing = (!stored && /** @type {never} */ (boot.listing)) || undefined;
  if (typeof listing?.address === 'string' && listing.address.startsWith('events?')) get(listing.address, listing.body);
  // After the playback: the database answers one query at a time, and the stream waits on the playback. A guest's
  // key (none stored: the one asked for above; or the one src/lib/api-key.ts marks as a guest's) holds no session:
  // its profile would only answer 401.
  let guest = !stored;
  try {
    guest ||= stored === localStorage.getItem('sideline:guest-key');
  } catch {}
  if (!guest) get('profile');
  shared.early = answers;
  // On a game's page the route's code (a dozen files) waits until the game's first frame is in the splash (or, with
  // no warm start, the key is known), at most 400 ms: sent first, it takes every connection (six a host), and the
  // playback, the playlists and the first segment, which that frame waits on, queue behind it.
  const hold = /** @type {Promise<unknown> | undefined} */ (shared.entryHold);
  const late = new Promise((resolve) => setTimeout(resolve, 400));
  if (game && !held) Promise.race([hold ?? key, late]).then(() => setTimeout(preloadCode), preloadCode);
  else preloadCode();
})();
