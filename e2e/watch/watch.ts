import type { Event } from '@sideline/contract/events';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { demoEvents } from '../support/catalogue';
import { type Visit, visit } from '../support/visit';

/** The first game of the English channel on the server at `baseUrl` with this stream status that `accept` takes. */
export async function findEvent(
  baseUrl: string,
  status: 'finished' | 'live' | 'upcoming',
  accept: (event: Event) => boolean,
): Promise<Event> {
  const event = (await demoEvents(status, baseUrl)).find(accept);
  if (!event) throw new Error(`no ${status} game fits`);
  return event;
}

/**
 * Marks the preroll of `eventId` as already watched within the hour by `viewer` (a guest, or a signed-in fan's
 * id): what the player itself stores after a preroll, so a test about the game itself does not sit through the
 * advertisement first.
 */
export const skipPreroll = (page: Page, eventId: number, viewer: 'guest' | number = 'guest') =>
  page.addInitScript(
    ({ viewer, id }) => {
      const item = { value: Date.now(), expiresAt: Date.now() + 3_600_000 };
      localStorage.setItem(`sideline:preroll-seen:${viewer}:${id}`, JSON.stringify(item));
    },
    { viewer, id: eventId },
  );

/**
 * A phone browser's autoplay policy for the page: it refuses sound until the fan has tapped the page, so every
 * play() with sound fails as those browsers do (NotAllowedError; the tests that use this never tap). Without it,
 * headless Chromium here lets a page start with sound, but not always (it refused about one start in forty), so a
 * test that needs the refusal sets it, and one that does not must hold in both cases.
 */
export const refuseSound = (page: Page) =>
  page.addInitScript(() => {
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      if (!this.muted) return Promise.reject(new DOMException('sound needs a tap first', 'NotAllowedError'));
      return play.call(this);
    };
  });

/** A player's size on a phone: the page's width and language; `unmute`, the offer's words where sound is refused. */
export type PhoneCase = { width: number; language: string; unmute: string | null };

/** A fan on a phone of this width reading this language, whose browser refuses sound where `unmute` is given. */
export async function visitOnPhone(browser: Browser, { width, language, unmute }: PhoneCase): Promise<Visit> {
  const visited = await visit(browser, { viewport: { width, height: 740 } });
  if (unmute) await refuseSound(visited.page);
  await visited.page.addInitScript((lng) => localStorage.setItem('sideline:language', lng), language);
  return visited;
}

/** Every control fits the playing player, and the offer to unmute is over the picture where sound was refused. */
export async function expectControlsFit(page: Page, unmute: string | null) {
  if (unmute) expect(await page.locator('[slot="top-chrome"] button').allTextContents()).toEqual([unmute]);
  expect(await misplacedControls(page)).toEqual([]);
}

export type VideoState = {
  currentTime: number;
  paused: boolean;
  height: number;
  liveEdge: number | null;
  kind: string | null;
};

/** The player's video as it is now; `liveEdge` is the end of what can be played (live: the playlist's end). */
export const videoState = (page: Page): Promise<VideoState> =>
  page.evaluate(() => {
    const video = document.querySelector('video');
    if (!video) throw new Error('no video');
    const { seekable } = video;
    return {
      currentTime: video.currentTime,
      paused: video.paused,
      height: video.videoHeight,
      liveEdge: seekable.length ? seekable.end(seekable.length - 1) : null,
      kind: document.querySelector('[data-kind]')?.getAttribute('data-kind') ?? null,
    };
  });

/** Waits until the picture of `kind` (the game or the advertisement) moves: its time passes `past` seconds. */
export async function waitForPlayback(page: Page, kind: 'ad' | 'vod' | 'live', past = 0.5, timeout = 30_000) {
  await expect
    .poll(
      async () => {
        const state = await videoState(page).catch(() => null);
        return !!state && state.kind === kind && !state.paused && state.currentTime > past;
      },
      { timeout, interval: 200 },
    )
    .toBe(true);
}

/** The player's region, named after the game. */
export const playerRegion = (page: Page) => page.getByRole('region', { name: /^Video player/ });

/**
 * The player's controls that a fan cannot fully see or tap: those reaching out of the player, overlapping the one
 * before them in their row (the top chrome's labels, each control bar's controls), or a label of the top chrome
 * lying over a control bar. Read once media-chrome has defined its last elements. Controls hidden at this width
 * (no box) are not counted. Empty when all fit.
 */
export async function misplacedControls(page: Page): Promise<string[]> {
  await page.evaluate(() => customElements.whenDefined('media-volume-range'));
  return page.evaluate(() => {
    const player = document.querySelector('media-controller')?.getBoundingClientRect();
    if (!player) return ['no player'];
    type Item = { name: string; box: DOMRect };
    // Where a box lies, so a failure says which way it reaches out (left-right, top-bottom).
    const edges = (b: DOMRect) =>
      `${Math.round(b.left)}-${Math.round(b.right)}, ${Math.round(b.top)}-${Math.round(b.bottom)}`;
    const meet = (a: DOMRect, b: DOMRect) =>
      a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
    const items = (row: Element | null): Item[] =>
      [...(row?.children ?? [])]
        .map((el) => ({
          name: el.getAttribute('aria-label') || el.tagName.toLowerCase(),
          box: el.getBoundingClientRect(),
        }))
        .filter(({ box }) => box.width > 0 && box.height > 0);
    const top = items(document.querySelector('[slot="top-chrome"]'));
    const bars = [...document.querySelectorAll('media-control-bar')].map(items);
    const inRow = [top, ...bars].flatMap((boxes) =>
      boxes.flatMap(({ name, box }, i) => {
        const out =
          box.left < player.left - 0.5 || box.right > player.right + 0.5 || box.bottom > player.bottom + 0.5
            ? [`${name} reaches out of the player (${edges(box)} in ${edges(player)})`]
            : [];
        const before = boxes[i - 1];
        return before && meet(box, before.box) ? [...out, `${name} overlaps ${before.name}`] : out;
      }),
    );
    const overBars = top.flatMap(({ name, box }) =>
      bars.flat().flatMap((control) => (meet(box, control.box) ? [`${name} lies over ${control.name}`] : [])),
    );
    return [...inRow, ...overBars];
  });
}
