import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const source = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');

describe("the player's media-chrome elements", () => {
  it('defines every media-chrome tag the player renders (an undefined one would stay an empty box)', () => {
    const tags = new Set(source('./hls-player.tsx').match(/(?<=<)media-[a-z-]+/g));
    const defined = new Set(
      [
        ...source('./media-chrome-elements.ts').matchAll(/media-chrome\/(media-[a-z-]+)\.js/g),
        ...source('./media-chrome-buttons.ts').matchAll(/media-chrome\/(media-[a-z-]+)\.js/g),
        ...source('./media-chrome-ranges.ts').matchAll(/media-chrome\/(media-[a-z-]+)\.js/g),
        ...source('./media-chrome-levels.ts').matchAll(/media-chrome\/(media-[a-z-]+)\.js/g),
        ...source('./media-chrome-controller.ts').matchAll(/media-chrome\/(media-[a-z-]+)\.js/g),
      ].map((m) => m[1]),
    );
    expect(tags.size).toBeGreaterThan(5);
    expect([...tags].filter((tag) => !defined.has(tag))).toEqual([]);
  });
});
