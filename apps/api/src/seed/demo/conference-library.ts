import type { VodLibrarySeed } from '../types';

/** Heartland's library: more than one search page (10) of videos, so paging shows in the demo. */
export const conferenceLibrary: VodLibrarySeed = {
  categories: [
    { alias: 'interviews', name: 'Interviews' },
    { alias: 'season-highlights', name: 'Season highlights' },
    { alias: 'hype-reels', name: 'Hype reels' },
  ],
  assets: [
    { suffix: '1', away: 'Heartland', home: 'Interview', caption: 'Interviews' },
    { suffix: '2', away: 'Owls', home: 'Lakers', caption: 'Highlights' },
    { suffix: '3', away: 'Hawks', home: 'Cougars', caption: 'Highlights' },
    { suffix: '4', away: 'Heartland', home: 'Hype', caption: 'Hype reel' },
  ],
  items: [
    {
      category: 'interviews',
      asset: '1',
      title: 'Coach Reyes on the road to the final',
      description: 'Northfield’s head coach looks back at a season of close games.',
      daysAgo: 2,
    },
    { category: 'interviews', asset: '1', title: 'Meet the Lakers’ freshman class', daysAgo: 9 },
    {
      category: 'interviews',
      asset: '1',
      title: 'Captain’s corner: Maya Collins',
      description: 'The Cougars’ captain on leading a young team.',
      daysAgo: 16,
    },
    { category: 'season-highlights', asset: '2', title: 'Football highlights: week 1', daysAgo: 3 },
    { category: 'season-highlights', asset: '3', title: 'Basketball highlights: opening night', daysAgo: 5 },
    { category: 'season-highlights', asset: '2', title: 'Football highlights: week 2', daysAgo: 10 },
    { category: 'season-highlights', asset: '3', title: 'Volleyball highlights: the five-set thriller', daysAgo: 12 },
    { category: 'season-highlights', asset: '2', title: 'Top 10 plays of the month', daysAgo: 20 },
    { category: 'hype-reels', asset: '4', title: 'Rivalry week hype reel', daysAgo: 1 },
    { category: 'hype-reels', asset: '4', title: 'Tip-off hype reel', daysAgo: 7 },
    { category: 'hype-reels', asset: '4', title: 'Senior night hype reel', daysAgo: 14 },
    { category: 'hype-reels', asset: '4', title: 'Championship weekend hype reel', daysAgo: 25 },
  ],
  rails: [
    { title: 'Latest highlights', items: [3, 4, 5, 6, 7] },
    { title: 'Meet the teams', items: [0, 1, 2] },
    { title: 'Get hyped', items: [8, 9, 10, 11] },
  ],
};
