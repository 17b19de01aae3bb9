import { createTextNamespace, type Leaves, useNamespaceText } from '@/lib/text-namespace';
import type { ShellTexts } from '@/locales/en';
import { type ViewsDictionary, viewsEn } from './en';

/**
 * The views' titles and placeholder notices (see `lib/text-namespace`): they come with the views' code, so the
 * first chunk carries only what the frame and the home page say. Keys stay `views.*`, typed with the shell's.
 */
export const viewsTexts = createTextNamespace<ViewsDictionary, Leaves<ShellTexts>>(viewsEn, {
  fr: () => import('./fr').then((m) => m.viewsFr),
  bg: () => import('./bg').then((m) => m.viewsBg),
});

/** `t` once the views' texts of the current language are in (suspends until then). */
export const useViewsText = () => useNamespaceText(viewsTexts);
export const loadViewsTexts = viewsTexts.load;
