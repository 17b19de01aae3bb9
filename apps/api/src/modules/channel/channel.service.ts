import type { Bootstrap, ChannelFile, ColorSettings, Faq, Page, PageDetail } from '@sideline/contract/channel';
import type { FaqTranslations, PageTranslations } from '@sideline/contract/console-content';
import type { Language } from '@sideline/contract/constants';
import type { Cache } from '../../lib/cache';
import { channelErrors } from './channel.errors';
import { analyticsOf, type ChannelRepository, type ChannelRow, type Localized, settingsOf } from './channel.repository';

/** A page in the fan's language: each text the page has in it, else the channel's own. */
function pageIn({ translations, ...page }: Localized<PageDetail, PageTranslations>, lang?: Language): PageDetail {
  const t = lang ? translations[lang] : undefined;
  return { ...page, name: t?.name || page.name, content: t?.content || page.content };
}
/** An FAQ entry in the fan's language: each text the entry has in it, else the channel's own. */
function faqIn({ translations, ...entry }: Localized<Faq, FaqTranslations>, lang?: Language): Faq {
  const t = lang ? translations[lang] : undefined;
  return { ...entry, question: t?.question || entry.question, answer: t?.answer || entry.answer };
}

/** A Host header that is a plain name with at most a port: nothing a URL would read as user info, path or query. */
const HOST_AND_PORT = /^([a-z0-9.-]+)(?::\d{1,5})?$/i;

export type Channel = ChannelRow;

/** Channels by host and by key, and the channel's static, cacheable content. */
export function createChannelService({
  repo,
  cache,
  stripePublishableKey,
  googleSandbox,
}: {
  repo: ChannelRepository;
  cache: Cache;
  /** The deployment's Stripe key when it takes payments through Stripe: every channel's card form uses it. */
  stripePublishableKey?: string | undefined;
  /** Google sign-in through the offline identity sandbox, for a channel with no Google client (when it runs). */
  googleSandbox?: ((channel: Channel) => { client_id: string; sandbox_discovery: string }) | undefined;
}) {
  type Directory = {
    byHost: Map<string, Channel>;
    byKey: Map<string, Channel>;
    byId: Map<number, Channel>;
    byAnalyticsKey: Map<string, Channel>;
    hostsById: Map<number, string[]>;
  };
  // Every request finds its channel here: the directory lives in the shared cache (a minute, and dropped with any
  // channel's invalidation, in every process when the cache bus is on).
  const DIRECTORY_KEY = 'ch:directory';
  const loadDirectory = () =>
    cache.get<Directory>(DIRECTORY_KEY, () =>
      repo.listChannelsWithHosts().then((list) => {
        const byHost = new Map<string, Channel>();
        const byKey = new Map<string, Channel>();
        const byId = new Map<number, Channel>();
        const byAnalyticsKey = new Map<string, Channel>();
        const hostsById = new Map<number, string[]>();
        for (const { channel, hosts } of list) {
          hostsById.set(channel.id, hosts);
          byKey.set(channel.channelKey, channel);
          byId.set(channel.id, channel);
          if (channel.extras.yareAnalyticsKey) byAnalyticsKey.set(channel.extras.yareAnalyticsKey, channel);
          for (const h of hosts) byHost.set(h.toLowerCase(), channel);
        }
        return { byHost, byKey, byId, byAnalyticsKey, hostsById };
      }),
    );

  const perChannel = <T>(channelId: number, name: string, load: () => Promise<T>) =>
    cache.get(`ch:${channelId}:${name}`, load);

  return {
    /** The channel a request's host name picks; 404 for an unknown host. */
    async byHost(hostname: string): Promise<Channel> {
      const channel = (await loadDirectory()).byHost.get(hostname.toLowerCase());
      if (!channel) throw channelErrors.unknownHost();
      return channel;
    },
    async byKey(channelKey: string): Promise<Channel | undefined> {
      return (await loadDirectory()).byKey.get(channelKey);
    },
    async byId(id: number): Promise<Channel | undefined> {
      return (await loadDirectory()).byId.get(id);
    },
    async byAnalyticsKey(key: string): Promise<Channel | undefined> {
      return (await loadDirectory()).byAnalyticsKey.get(key);
    },
    /**
     * The origin links in e-mails and payment returns point to: the request's own origin when its Host is one of
     * the channel's hosts with at most a port, else the channel's first host. Never a host the client made up
     * (password-reset poisoning): Fastify's `hostname` is what comes before the first colon, so a Host such as
     * `localhost:8090@evil.example` passed a check of `hostname` alone and put evil.example in the link.
     */
    async publicOrigin(channel: Channel, request: { host: string; protocol: string }): Promise<string> {
      const hosts = (await loadDirectory()).hostsById.get(channel.id) ?? [];
      const protocol = request.protocol === 'https' ? 'https' : 'http';
      const sent = HOST_AND_PORT.exec(request.host);
      if (sent?.[1] && hosts.includes(sent[1].toLowerCase())) return `${protocol}://${request.host.toLowerCase()}`;
      return `${protocol}://${hosts[0] ?? 'localhost'}`;
    },
    invalidate(channelId?: number) {
      if (channelId !== undefined) cache.invalidate(DIRECTORY_KEY);
      cache.invalidate(channelId === undefined ? 'ch:' : `ch:${channelId}:`);
    },

    async channelFile(channel: Channel, apiHost: string): Promise<ChannelFile> {
      const p = channel.extras.providers;
      return {
        channel_key: channel.channelKey,
        name: channel.name,
        api_host: apiHost,
        language: channel.language as ChannelFile['language'],
        currency: channel.currency,
        ...analyticsOf(channel),
        prerolls: await perChannel(channel.id, 'prerolls', () => repo.prerolls(channel.id)),
        providers: {
          stripe:
            (stripePublishableKey ?? p.stripePublishableKey)
              ? { publishable_key: stripePublishableKey ?? p.stripePublishableKey ?? '' }
              : null,
          recaptcha: p.recaptchaSiteKey ? { site_key: p.recaptchaSiteKey } : null,
          google: p.googleClientId ? { client_id: p.googleClientId } : (googleSandbox?.(channel) ?? null),
          facebook: p.facebookAppId ? { app_id: p.facebookAppId } : null,
          sentry: p.sentryDsn ? { dsn: p.sentryDsn } : null,
        },
      };
    },
    settings: (channel: Channel) =>
      perChannel(channel.id, 'prerolls', () => repo.prerolls(channel.id)).then((prerolls) =>
        settingsOf(channel, prerolls),
      ),
    colors: (channel: Channel): ColorSettings => channel.colors,
    menu: (channel: Channel) => perChannel(channel.id, 'menu', () => repo.menu(channel.id)),
    async pages(channel: Channel, lang?: Language): Promise<Page[]> {
      const all = await perChannel(channel.id, 'pages', () => repo.pages(channel.id));
      return all.map((page) => {
        const { content: _content, ...rest } = pageIn(page, lang);
        return rest;
      });
    },
    async page(channel: Channel, url: string, lang?: Language): Promise<PageDetail> {
      const all = await perChannel(channel.id, 'pages', () => repo.pages(channel.id));
      const page = all.find((p) => p.url === url);
      if (!page) throw channelErrors.pageNotFound();
      return pageIn(page, lang);
    },
    async faq(channel: Channel, lang?: Language): Promise<Faq[]> {
      const all = await perChannel(channel.id, 'faq', () => repo.faq(channel.id));
      return all.map((entry) => faqIn(entry, lang));
    },
    async slides(channel: Channel, clientInterface: string, type?: string) {
      const all = await perChannel(channel.id, `slides:${clientInterface}`, () =>
        repo.slides(channel.id, clientInterface),
      );
      return type ? all.filter((s) => s.type === type) : all;
    },
    async bootstrap(channel: Channel, clientInterface: string): Promise<Bootstrap> {
      return { colors: channel.colors, slides: await this.slides(channel, clientInterface) };
    },
  };
}
export type ChannelService = ReturnType<typeof createChannelService>;
