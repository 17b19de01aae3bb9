import type { VIDEO_EVENT_NAMES } from '@sideline/contract/analytics';

/** What the player plays: an advertisement before the game, an on-demand game, or a live one. */
export type PlayerSource = {
  url: string;
  kind: 'ad' | 'vod' | 'live';
  /** How far back a live stream can be rewound, in seconds. */
  liveWindowS?: number | null;
  /** Where to start, in seconds (a replay taking over from its live game where the fan was). */
  startS?: number;
};

/** One rendition of the stream's ladder, as the quality menu offers it. */
export type Rendition = { index: number; height: number; bitrate: number };

export type VideoEventName = (typeof VIDEO_EVENT_NAMES)[number];
export type VideoEventProperties = Record<string, string | number | boolean | null>;

/**
 * Where the player reports what happens to the game (not to advertisements): the app wires it to the
 * channel's analytics collector, which knows the event, the session and whether analytics run at all.
 */
export type PlayerAnalytics = {
  videoEvent(name: VideoEventName, position: number, properties?: VideoEventProperties): void;
  viewingTime(seconds: number): void;
};
