import type { Dictionary } from './en';

export const bg: Dictionary = {
  app: {
    loading: 'Зареждане…',
    loadingPage: 'Страницата се зарежда',
    skipToContent: 'Към основното съдържание',
    regionBlocked: 'Услугата е с географско ограничение: мачовете ѝ не могат да се показват във вашия регион.',
  },
  nav: {
    main: 'Основно меню',
    brandHome: '{{name}}, начало',
    menu: 'Меню',
    signIn: 'Вход',
    account: 'Моят профил',
    opensInNewTab: '(отваря се в нов раздел)',
    language: 'Език',
    more: 'Още',
  },
  languages: { en: 'English', fr: 'Français', bg: 'Български' },
  footer: {
    pages: 'Информация',
    contact: 'Контакти',
    follow: 'Последвайте ни',
    rights: 'Всички права запазени.',
    poweredBy: 'Излъчване чрез Sideline',
  },
  errors: {
    technicalTitle: 'Връщаме се веднага',
    technicalMessage: 'Услугата има технически затруднения. Моля, опитайте отново след малко.',
    reload: 'Презареди',
    reloadIn: 'Можете да презаредите след {{seconds}} с',
    chunkTitle: 'Страницата не се зареди',
    chunkMessage: 'Връзката може да е бавна или прекъсната. Проверете я и опитайте отново.',
    unexpectedTitle: 'Нещо се обърка',
    tooManyRequests: 'Твърде много заявки. Моля, изчакайте малко и опитайте отново',
    somethingWentWrong: 'Нещо се обърка. Моля, опитайте отново или се свържете с техническата поддръжка',
    retry: 'Опитай отново',
  },
  toast: { region: 'Известия', dismiss: 'Затвори' },
  dialog: { ok: 'ОК', cancel: 'Отказ' },
  home: {
    featured: 'Акценти',
    previous: 'Предишен слайд',
    next: 'Следващ слайд',
    slideOf: 'Слайд {{index}} от {{total}}',
  },
};
