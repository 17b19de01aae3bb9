import type { Page } from '@sideline/contract/channel';
import type { QueryClient } from '@tanstack/react-query';
import { setChannelFile } from '@/config/channel';
import { loadSession } from '@/features/auth/session';
import { getChannelFile } from '@/features/channel/api/get-channel-file';
import { colorSettingsQueryOptions } from '@/features/channel/api/get-color-settings';
import { menuQueryOptions } from '@/features/channel/api/get-menu';
import { pagesQueryOptions } from '@/features/channel/api/get-pages';
import { settingsQueryOptions } from '@/features/channel/api/get-settings';
import { slidesQueryOptions } from '@/features/channel/api/get-slides';
import { api, configureApi } from '@/lib/api-client';
import { takeEarlyAnswer } from '@/lib/early-answers';
import { initErrorReporting } from '@/lib/error-reporting';
import { chosenLanguage, currentLanguage, setLanguage } from '@/lib/i18n';
import { storage } from '@/lib/storage';
import { applyTheme } from '@/lib/theme';
import { apiHooks } from './api-hooks';
import { listenForKeyFailures } from './fatal-error';

/**
 * Startup, behind the splash: the channel file first (it names the API and the channel key), then in parallel
 * the api key (stored one reused) followed by the fan's session, and the channel's settings, menu, pages,
 * colours and home slides. Any failure rejects, and the app shows the technical-difficulties screen. `onKey`
 * runs once the api key is known: calls the opened page needs can start before startup ends.
 */
export async function startup(
  queryClient: QueryClient,
  { onKey }: { onKey?: () => void } = {},
): Promise<{ pages: Page[] }> {
  const channel = await getChannelFile();
  setChannelFile(channel);
  initErrorReporting(channel.providers?.sentry?.dsn);
  configureApi({
    baseUrl: channel.api_host,
    channelKey: channel.channel_key,
    storage,
    hooks: apiHooks(queryClient),
    early: takeEarlyAnswer,
  });
  listenForKeyFailures();

  const [settings, pages] = await Promise.all([
    queryClient.ensureQueryData(settingsQueryOptions()),
    queryClient.ensureQueryData(pagesQueryOptions()),
    queryClient.ensureQueryData(menuQueryOptions()),
    queryClient.ensureQueryData(colorSettingsQueryOptions()).then(applyTheme),
    queryClient.ensureQueryData(slidesQueryOptions('home')),
    api.keys.get().then(() => {
      onKey?.();
      return loadSession(queryClient);
    }),
  ]);

  // The channel's language, unless the fan chose one (the page may have started in another).
  if (!chosenLanguage() && settings.language !== currentLanguage()) await setLanguage(settings.language);
  return { pages };
}
