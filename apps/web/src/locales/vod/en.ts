import type { DictionaryOf } from '../dictionary';

/**
 * The on-demand library's texts (the library page and a library video's player page), in English: the type source
 * of fr and bg. They load with the library's views, not with the first chunk (see `texts.ts`).
 */
export const vodEn = {
  library: {
    title: 'Video library',
    intro: 'Interviews, highlights and hype reels from across the channel.',
    loading: 'Loading the library',
    errorTitle: 'The library could not load',
    errorMessage: 'Check your connection and try again.',
    retry: 'Try again',
    emptyTitle: 'Nothing in the library yet',
    emptyMessage: 'New videos will show up here.',
    railPrevious: 'Previous videos in {{title}}',
    railNext: 'Next videos in {{title}}',
    categories: 'Categories',
    allCategories: 'All',
    categoryEmpty: 'No videos in this category yet.',
    search: {
      label: 'Search the library',
      placeholder: 'Search by title',
      submit: 'Search',
      clear: 'Clear search',
      heading: 'Results for “{{query}}”',
      count: 'Videos found: {{count}}',
      none: 'No video matches “{{query}}”.',
    },
    pager: {
      label: 'Pages',
      previous: 'Previous page',
      next: 'Next page',
      status: 'Page {{page}} of {{pages}}',
    },
    card: {
      watch: 'Watch {{title}}',
    },
  },
  libraryWatch: {
    notFoundTitle: 'Video not found',
    notFoundMessage: 'This video is not in the library.',
    backToLibrary: 'Back to the library',
    signInTitle: 'Sign in to watch',
    signInMessage: 'The video library is for fans with a pass. Sign in, or choose a pass that includes it.',
    signIn: 'Sign in',
    noAccessTitle: 'The library is not in your pass',
    noAccessMessage: 'Choose a pass that includes the video library to watch this video.',
    seePasses: 'See the passes',
    geoTitle: 'Not available in your region',
    geoMessage: 'This channel’s videos cannot be watched from where you are.',
    preparingTitle: 'This video is being prepared',
    preparingMessage: 'It will be ready to play in a moment.',
    errorTitle: 'The video could not play',
    errorMessage: 'Check your connection and try again.',
    retry: 'Try again',
    published: 'Published {{date}}',
  },
} as const;

/** The shape fr and bg fill, key for key. */
export type VodDictionary = DictionaryOf<typeof vodEn>;
