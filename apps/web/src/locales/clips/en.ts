import type { DictionaryOf } from '../dictionary';

/**
 * The clips' texts (the clip editor and list on the watch page, the fan's clips, a shared clip, the moments feed),
 * in English: the type source of fr and bg. They load with the views that show clips (see `texts.ts`).
 */
export const clipsEn = {
  clips: {
    button: 'Clip',
    buttonLabel: 'Clip this game',
    editor: {
      title: 'Create a clip',
      name: 'Clip name',
      start: 'Start (seconds into the game)',
      startNow: 'Use the player’s position',
      duration: 'Length (seconds)',
      durationHint: 'From 1 to {{max}} seconds, ending before the end of the game.',
      live: 'Clip the last',
      liveOption: '{{seconds}} seconds',
      tags: 'Tags',
      tagsLoading: 'Loading tags…',
      tagsFailed: 'The tags could not be loaded.',
      submit: 'Create clip',
      submitting: 'Creating…',
      cancel: 'Cancel',
      created: 'Your clip is being made: it appears in the list below when it is ready.',
      createdShorter:
        'The live stream has only {{seconds}} seconds so far: your clip is those {{seconds}} seconds, not {{asked}}. It appears in the list below when it is ready.',
      note: 'Clips can take up to 5 minutes to be created.',
    },
    validation: {
      nameRequired: 'Please fill in the input field',
      tagRequired: 'Please select tag',
      durationTooLong: 'Clip duration is longer than the end time',
      durationRange: 'The length must be from 1 to {{max}} seconds',
      startInvalid: 'The start must be a time within the game',
    },
    errors: {
      capabilityMissing: 'Your account does not include making clips',
      limitReached: 'You have made all the clips your account allows',
      loginRequired: 'Sign in to make clips',
      notFound: 'This clip is not available any more',
      notReady: 'This clip is still being made. Try again in a moment',
      mediaUnavailable: 'This game cannot be clipped right now',
      rateLimited: 'Too many requests. Wait a moment and try again',
      generic: 'Something went wrong. Please try again or contact technical support',
    },
    status: {
      queued: 'Queued',
      processing: 'Processing {{progress}}%',
      ready: 'Ready',
      failed: 'clip creating failed',
    },
    list: {
      title: 'Clips of this game',
      empty: 'No clips of this game yet.',
      loadFailed: 'The clips could not be loaded.',
      play: 'Play {{name}}',
      close: 'Close',
      length: '{{seconds}} s',
      yours: 'Yours',
    },
    mine: {
      empty: 'You have no clips yet',
      emptyMessage: 'Cut a clip from a game you watch: press Clip under the player.',
      browse: 'Find a game',
      download: 'Download',
      downloading: 'Preparing…',
      share: 'Share',
      copied: 'Link copied to the clipboard',
      copyFailed: 'The link could not be copied: {{url}}',
      delete: 'Delete',
      deleteTitle: 'Delete this clip?',
      deleteMessage: '“{{name}}” is deleted for good, and its shared link stops working.',
      deleted: 'Clip deleted',
      deleteFailed: 'The clip could not be deleted.',
      downloadsLeft: 'Clip downloads left: {{count}}',
      downloadFailed: 'The clip could not be downloaded.',
    },
    shared: {
      from: 'Shared from {{channel}}',
      watchGame: 'Watch the game',
      notFoundTitle: 'This clip is not available',
      notFoundMessage: 'Its author may have deleted it. The games are still on the schedule.',
      loadFailed: 'The clip could not be loaded. Please try again.',
      home: 'Back to home',
    },
    moments: {
      title: 'Moments',
      soundOn: 'Turn the sound on',
      soundOff: 'Turn the sound off',
      next: 'Next clip',
      previous: 'Previous clip',
      hint: 'Arrow keys, or J and K, move between clips.',
      position: 'Clip {{current}} of {{total}}',
    },
  },
} as const;

/** The shape fr and bg fill, key for key. */
export type ClipsDictionary = DictionaryOf<typeof clipsEn>;
