import {
  bootstrapQuerySchema,
  bootstrapSchema,
  channelFileSchema,
  channelSettingsSchema,
  clientInterfaceParamsSchema,
  colorSettingsSchema,
  faqSchema,
  localizedQuerySchema,
  menuItemSchema,
  pageDetailSchema,
  pageParamsSchema,
  pageSchema,
  slideSchema,
  slidesQuerySchema,
} from '@sideline/contract/channel';
import { dataOf, emptyQuerySchema } from '@sideline/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cachedGet, type SendCachedJson } from '../../lib/cache';
import type { ChannelService } from './channel.service';

const tags = ['channel'];

/** The channel settings file, at the site root like any static file. */
export const channelFileRoute: FastifyPluginAsyncZod<{
  channels: ChannelService;
  send: SendCachedJson;
  apiHost: string;
}> = async (app, { channels, send, apiHost }) => {
  cachedGet(app, send, {
    url: '/channel.json',
    operationId: 'getChannelFile',
    tags,
    summary: 'The channel settings file: key, API host, language, currency, analytics, prerolls, providers',
    querystring: emptyQuerySchema,
    response: channelFileSchema,
    load: ({ channel }) => channels.channelFile(channel, apiHost),
  });
};

/** Static calls: no key, channel by host, cacheable. */
export const channelRoutes: FastifyPluginAsyncZod<{ channels: ChannelService; send: SendCachedJson }> = async (
  app,
  { channels, send },
) => {
  const data = <T>(p: Promise<T> | T) => Promise.resolve(p).then((d) => ({ data: d }));

  cachedGet(app, send, {
    url: '/menu',
    operationId: 'getMenu',
    tags,
    querystring: emptyQuerySchema,
    response: dataOf(z.array(menuItemSchema)),
    load: ({ channel }) => data(channels.menu(channel)),
  });
  cachedGet(app, send, {
    url: '/pages',
    operationId: 'getPages',
    tags,
    summary: 'The channel page list (url, name, in `lang` when the page has it); the web app adds a route for each',
    querystring: localizedQuerySchema,
    response: dataOf(z.array(pageSchema)),
    vary: ({ query }) => query.lang ?? '',
    load: ({ channel, query }) => data(channels.pages(channel, query.lang)),
  });
  cachedGet(app, send, {
    url: '/pages/:url',
    operationId: 'getPage',
    tags,
    summary: 'One page with its sanitized HTML content, in `lang` when the page has it (else the channel’s text)',
    params: pageParamsSchema,
    querystring: localizedQuerySchema,
    response: dataOf(pageDetailSchema),
    vary: ({ params, query }) => `${params.url}:${query.lang ?? ''}`,
    load: ({ channel, params, query }) => data(channels.page(channel, params.url, query.lang)),
  });
  cachedGet(app, send, {
    url: '/faq',
    operationId: 'getFaq',
    tags,
    summary: 'The FAQ, each entry in `lang` when it has it (else the channel’s text)',
    querystring: localizedQuerySchema,
    response: dataOf(z.array(faqSchema)),
    vary: ({ query }) => query.lang ?? '',
    load: ({ channel, query }) => data(channels.faq(channel, query.lang)),
  });
  cachedGet(app, send, {
    url: '/color-settings/:client_interface',
    operationId: 'getColorSettings',
    tags,
    params: clientInterfaceParamsSchema,
    querystring: emptyQuerySchema,
    response: dataOf(colorSettingsSchema),
    vary: ({ params }) => params.client_interface,
    load: ({ channel }) => data(channels.colors(channel)),
  });
  cachedGet(app, send, {
    url: '/settings',
    operationId: 'getSettings',
    tags,
    querystring: emptyQuerySchema,
    response: dataOf(channelSettingsSchema),
    load: ({ channel }) => data(channels.settings(channel)),
  });
  cachedGet(app, send, {
    url: '/slides/:client_interface',
    operationId: 'getSlides',
    tags,
    params: clientInterfaceParamsSchema,
    querystring: slidesQuerySchema,
    response: dataOf(z.array(slideSchema)),
    vary: ({ params, query }) => `${params.client_interface}:${query.type ?? ''}`,
    load: ({ channel, params, query }) => data(channels.slides(channel, params.client_interface, query.type)),
  });
  cachedGet(app, send, {
    url: '/bootstrap',
    operationId: 'getBootstrap',
    tags,
    summary: 'Colour settings and slides for one client interface in one call',
    querystring: bootstrapQuerySchema,
    response: dataOf(bootstrapSchema),
    vary: ({ query }) => query.client_interface,
    load: ({ channel, query }) => data(channels.bootstrap(channel, query.client_interface)),
  });
};
