type DataLayerWindow = Window & { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void };

/**
 * Loads Google's tag (gtag.js) for the channel's tag id. Only called when the channel sets one, so no other
 * fan downloads it. Page views are sent by hand, after each navigation.
 */
export function loadGtag(tagId: string) {
  const w = window as DataLayerWindow;
  if (w.gtag) return;
  w.dataLayer = w.dataLayer ?? [];
  w.gtag = function gtag() {
    // gtag.js reads the `arguments` object itself, not an array copy of it.
    // biome-ignore lint/complexity/noArguments: see above
    w.dataLayer?.push(arguments);
  };
  w.gtag('js', new Date());
  w.gtag('config', tagId, { send_page_view: false });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(tagId)}`;
  document.head.append(script);
}

export function gtagPageView(page: string, previousPage: string | null) {
  const origin = window.location.origin;
  (window as DataLayerWindow).gtag?.('event', 'page_view', {
    page_path: page,
    page_location: origin + page,
    page_referrer: previousPage ? origin + previousPage : document.referrer,
  });
}
