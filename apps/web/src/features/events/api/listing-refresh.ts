/**
 * How often an open listing (home rails, schedule, live now) asks again while the tab is in view: a game goes live
 * when its encoder starts publishing, ahead of its time or behind it, and ends when the encoder stops, so a page
 * left open must not keep showing the game as it was. TanStack Query pauses the interval in a background tab.
 */
export const LISTING_REFRESH_MS = 60_000;
