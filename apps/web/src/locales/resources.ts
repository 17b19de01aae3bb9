import type { Language } from '@sideline/contract/constants';
import type { AccountsDictionary } from './accounts/en';
import type { BrowseDictionary } from './browse/en';
import type { ClipsDictionary } from './clips/en';
import type { CommerceDictionary } from './commerce/en';
import type { ConsoleDictionary } from './console/en';
import { type Dictionary, en } from './en';
import type { PlayerDictionary } from './player/en';
import type { ViewsDictionary } from './views/en';
import type { VodDictionary } from './vod/en';

/**
 * Every namespace's shape, from its English texts: the keys `t` accepts (see `lib/i18n`), which the French and
 * Bulgarian files must all have (the `*.test.ts` beside them). Widened to `string` values: with the literal
 * English, i18next would type each text's `{{values}}`, which breaks on keys chosen at run time (error codes).
 */
export type Resources = {
  shell: Dictionary;
  accounts: AccountsDictionary;
  browse: BrowseDictionary;
  clips: ClipsDictionary;
  commerce: CommerceDictionary;
  console: ConsoleDictionary;
  player: PlayerDictionary;
  views: ViewsDictionary;
  vod: VodDictionary;
};
export type Namespace = keyof Resources;
/**
 * The console's texts come with the console's own chunk (`features/console/texts.ts`), all three languages: a loader
 * here would put their file names and loaders into every fan's first load, for a page only staff open.
 */
type FetchedNamespace = Exclude<Namespace, 'console'>;

type Loader = () => Promise<object>;

/**
 * One dynamic import per namespace and language, spelled out rather than a template string: Vite makes each its own
 * chunk, and i18next's backend fetches only what a page's views use, in the fan's language. The shell's English is
 * bundled with the shell (`lib/i18n` hands it to i18next at start), so it is never fetched.
 */
export const textLoaders: Record<FetchedNamespace, Record<Language, Loader>> = {
  shell: {
    en: () => Promise.resolve(en),
    fr: () => import('./fr').then((m) => m.fr),
    bg: () => import('./bg').then((m) => m.bg),
  },
  accounts: {
    en: () => import('./accounts/en').then((m) => m.accountsEn),
    fr: () => import('./accounts/fr').then((m) => m.accountsFr),
    bg: () => import('./accounts/bg').then((m) => m.accountsBg),
  },
  browse: {
    en: () => import('./browse/en').then((m) => m.browseEn),
    fr: () => import('./browse/fr').then((m) => m.browseFr),
    bg: () => import('./browse/bg').then((m) => m.browseBg),
  },
  clips: {
    en: () => import('./clips/en').then((m) => m.clipsEn),
    fr: () => import('./clips/fr').then((m) => m.clipsFr),
    bg: () => import('./clips/bg').then((m) => m.clipsBg),
  },
  commerce: {
    en: () => import('./commerce/en').then((m) => m.commerceEn),
    fr: () => import('./commerce/fr').then((m) => m.commerceFr),
    bg: () => import('./commerce/bg').then((m) => m.commerceBg),
  },
  player: {
    en: () => import('./player/en').then((m) => m.playerEn),
    fr: () => import('./player/fr').then((m) => m.playerFr),
    bg: () => import('./player/bg').then((m) => m.playerBg),
  },
  views: {
    en: () => import('./views/en').then((m) => m.viewsEn),
    fr: () => import('./views/fr').then((m) => m.viewsFr),
    bg: () => import('./views/bg').then((m) => m.viewsBg),
  },
  vod: {
    en: () => import('./vod/en').then((m) => m.vodEn),
    fr: () => import('./vod/fr').then((m) => m.vodFr),
    bg: () => import('./vod/bg').then((m) => m.vodBg),
  },
};

export const NAMESPACES = Object.keys(textLoaders) as FetchedNamespace[];

export const isNamespace = (value: string): value is FetchedNamespace => Object.hasOwn(textLoaders, value);
