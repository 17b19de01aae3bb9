import type { TestApp } from './test-app';

/**
 * Packages the three games the seed's finished Heartland events play (`vod/heartland-1` to `-3`), each a generated
 * game of `durationS` seconds: the media that playback, access and clip tests serve and cut.
 */
export async function packageTestGames(t: TestApp, game: { caption: string; durationS: number; mp4: boolean }) {
  for (const seed of [1, 2, 3]) {
    await t.app.media.packageMedia({
      key: `vod/heartland-${seed}`,
      game: { away: 'Away', home: 'Home', caption: game.caption, durationS: game.durationS, seed },
      mp4: game.mp4,
    });
  }
}
