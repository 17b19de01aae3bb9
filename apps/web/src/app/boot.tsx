import { type ReactNode, StrictMode } from 'react';
import { BootSplash, keepBootPicture } from '@/components/ui/splash';
import { initI18n, initialLanguage } from '@/lib/i18n';
import { nextTask } from '@/lib/next-task';
import { queryClient } from '@/lib/query-client';
import { App } from './app';
import { prefetchForAddress } from './early-prefetch';
import { fatalError } from './fatal-error';
import { trackNavigations } from './navigation-tracking';
import { pageViewSender } from './page-views';
import { AppProvider } from './provider';
import { makeReactMarkers } from './react-markers';
import { createAppRouter, preloadRoute } from './router';
import { startup } from './startup';

/** Starts the app in `container`: splash, startup, then the router, or the error screen if startup fails. */
export async function boot(container: HTMLElement) {
  // The server's splash may show the page's first picture: the app's own splashes keep it while it starts.
  keepBootPicture(container);
  // React DOM is a chunk of its own, evaluated in a task of its own while the steps below go on (react-root.ts).
  // Its markers are made first, in a callback, where the stack is one small function (react-markers.ts).
  const reactRoot = nextTask().then(() => {
    makeReactMarkers();
    return import('./react-root');
  });
  // The module's evaluation was a task: each step below starts its own.
  await nextTask();

  // Everything that can run in parallel does: the page's code and texts, the startup calls, the shell's texts.
  // i18next first: it takes the language at once, so the page's namespaces load in it.
  const shellTexts = initI18n(initialLanguage());
  await nextTask();
  const started = startup(queryClient, { onKey: () => prefetchForAddress(window.location.pathname) });
  // The page's code and texts in a task of their own (preloading adds a link per file): the startup calls are
  // already out, and this task is not made longer.
  void nextTask().then(() => preloadRoute(queryClient, window.location.pathname));
  // Awaited below; observed now so a failure while the texts load is not reported as unhandled.
  started.catch(() => undefined);
  await shellTexts.catch(() => undefined);
  const { createRoot } = await reactRoot;
  await nextTask();
  const root = createRoot(container);
  const render = (node: ReactNode) =>
    root.render(
      <StrictMode>
        <AppProvider>{node}</AppProvider>
      </StrictMode>,
    );
  render(<BootSplash />);

  try {
    const { pages } = await started;
    // The router evaluates the page's code (already downloaded) as it starts: a task of its own.
    await nextTask();
    const router = createAppRouter(queryClient, pages);
    trackNavigations(router, pageViewSender());
    render(<App router={router} />);
  } catch (error) {
    fatalError.set(error);
    render(<App router={null} />);
  }
}
