import type { VodLibrarySeed } from '../types';

/** The Bulgarian channel's library, its titles in Bulgarian. */
export const sofiaLibrary: VodLibrarySeed = {
  categories: [
    { alias: 'interviews', name: 'Интервюта' },
    { alias: 'season-highlights', name: 'Акценти от сезона' },
    { alias: 'hype-reels', name: 'Мотивиращи клипове' },
  ],
  assets: [
    { suffix: '1', away: 'София', home: 'Интервю', caption: 'Интервюта' },
    { suffix: '2', away: 'Соколи', home: 'Атлети', caption: 'Акценти' },
    { suffix: '3', away: 'София', home: 'Спорт', caption: 'Мотивация' },
  ],
  items: [
    {
      category: 'interviews',
      asset: '1',
      title: 'Треньорът на Соколите за новия сезон',
      description: 'Разговор за подготовката и целите на отбора.',
      daysAgo: 2,
    },
    { category: 'interviews', asset: '1', title: 'Капитанът на Инженерите', daysAgo: 8 },
    { category: 'season-highlights', asset: '2', title: 'Акценти: футбол, 1-ви кръг', daysAgo: 3 },
    { category: 'season-highlights', asset: '2', title: 'Акценти: баскетбол, откриване', daysAgo: 6 },
    { category: 'season-highlights', asset: '2', title: 'Най-добрите 10 момента на месеца', daysAgo: 15 },
    { category: 'hype-reels', asset: '3', title: 'Седмица на дербитата', daysAgo: 1 },
    { category: 'hype-reels', asset: '3', title: 'Финалите наближават', daysAgo: 12 },
  ],
  rails: [
    { title: 'Последни акценти', items: [2, 3, 4] },
    { title: 'Запознайте се с отборите', items: [0, 1] },
    { title: 'Заредете се', items: [5, 6] },
  ],
};
