import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Splash } from '@/components/ui/splash';
import { initI18n, initialLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { App } from './app';
import { prefetchForAddress } from './early-prefetch';
import { fatalError } from './fatal-error';
import { trackNavigations } from './navigation-tracking';
import { pageViewSender } from './page-views';
import { AppProvider } from './provider';
import { createAppRouter, preloadRoute } from './router';
import { startup } from './startup';

/** Starts the app in `container`: splash, startup, then the router, or the error screen if startup fails. */
export async function boot(container: HTMLElement) {
  const root = createRoot(container);
  const render = (node: ReactNode) =>
    root.render(
      <StrictMode>
        <AppProvider>{node}</AppProvider>
      </StrictMode>,
    );

  // Everything that can run in parallel does: the page's code, the startup calls, the language's texts.
  preloadRoute(queryClient, window.location.pathname);
  const started = startup(queryClient, { onKey: () => prefetchForAddress(window.location.pathname) });
  // Awaited below; observed now so a failure while the texts load is not reported as unhandled.
  started.catch(() => undefined);
  await initI18n(initialLanguage()).catch(() => undefined);
  render(<Splash />);

  try {
    const { pages } = await started;
    const router = createAppRouter(queryClient, pages);
    trackNavigations(router, pageViewSender());
    render(<App router={router} />);
  } catch (error) {
    fatalError.set(error);
    render(<App router={null} />);
  }
}
