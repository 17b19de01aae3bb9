import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { suiteBrowser } from '../support/browser';
import { urlFor } from '../support/urls';
import { visit } from '../support/visit';

/** Where the demo banner draws the home team's name: 80 units in from the left of its 1280-unit width. */
const NAME_INSET = 80 / 1280;
/** The banners' shape (the spec's image ratio); they are SVGs without a size of their own, so no natural size. */
const ART_RATIO = 16 / 9;
/** The least room a name should keep from the card's edge, in CSS pixels. */
const MARGIN = 10;

type Box = { left: number; right: number; top: number; bottom: number };
type CardBoxes = { card: Box; art: Box; artName: number; names: Box[] };

/**
 * The first cards' boxes: the card, the banner art as drawn (its `object-fit` applied to its natural size, so a
 * cropped banner shows as art wider than its frame), where the art's name starts, and the team-name texts.
 */
const cardBoxes = (page: Page): Promise<CardBoxes[]> =>
  page
    .getByRole('main')
    .getByRole('article')
    .evaluateAll(
      (articles, { inset, ratio }) =>
        articles.slice(0, 4).map((article) => {
          const box = (r: DOMRect) => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom });
          const img = article.querySelector('img') as HTMLImageElement;
          const frame = img.getBoundingClientRect();
          const fit = getComputedStyle(img).objectFit;
          // The drawn art's height for the frame's width, then `object-fit` scales it to fit or to cover the frame.
          const scales = [1, frame.height / (frame.width / ratio)];
          const scale = fit === 'contain' ? Math.min(...scales) : fit === 'cover' ? Math.max(...scales) : 1;
          const width = frame.width * scale;
          const height = (frame.width / ratio) * scale;
          const left = frame.left + (frame.width - width) / 2;
          const top = frame.top + (frame.height - height) / 2;
          return {
            card: box(article.getBoundingClientRect()),
            art: { left, right: left + width, top, bottom: top + height },
            artName: left + width * inset,
            names: [...article.querySelectorAll('h3 a > span[aria-hidden] > span:last-child')].map((n) =>
              box(n.getBoundingClientRect()),
            ),
          };
        }),
      { inset: NAME_INSET, ratio: ART_RATIO },
    );

describe('the schedule’s list layout', () => {
  const browser = suiteBrowser();

  for (const width of [700, 1280]) {
    it(`shows each banner whole and keeps team names off the card’s edges at ${width} px`, async () => {
      const { context, page } = await visit(browser(), { viewport: { width, height: 900 } });
      await page.goto(urlFor('sofia.localhost', '/schedule'));
      await page.getByRole('heading', { level: 1, name: 'Програма' }).waitFor();
      await page.getByRole('radio', { name: 'Списък' }).check();
      const first = page.getByRole('main').getByRole('article').first();
      await expect.poll(() => first.getAttribute('data-layout')).toBe('list');

      const cards = await cardBoxes(page);
      expect(cards.length).toBeGreaterThan(0);
      for (const { card, art, artName, names } of cards) {
        // The banner is not cropped: all of it lies inside the card.
        expect(art.left).toBeGreaterThanOrEqual(card.left - 0.5);
        expect(art.right).toBeLessThanOrEqual(card.right + 0.5);
        expect(art.top).toBeGreaterThanOrEqual(card.top - 0.5);
        expect(art.bottom).toBeLessThanOrEqual(card.bottom + 0.5);
        // So the name it draws keeps its room from the card's left edge.
        expect(artName - card.left).toBeGreaterThanOrEqual(MARGIN);
        // The team rows beside it keep their padding too.
        expect(names).toHaveLength(2);
        for (const name of names) {
          expect(name.left - card.left).toBeGreaterThanOrEqual(MARGIN);
          expect(card.right - name.right).toBeGreaterThanOrEqual(MARGIN);
          expect(name.top - card.top).toBeGreaterThanOrEqual(MARGIN);
          expect(card.bottom - name.bottom).toBeGreaterThanOrEqual(MARGIN);
        }
      }
      await context.close();
    });
  }
});
