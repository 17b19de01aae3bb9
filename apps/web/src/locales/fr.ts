import type { Dictionary } from './en';

export const fr: Dictionary = {
  app: {
    loading: 'Chargement…',
    loadingPage: 'Chargement de la page',
    skipToContent: 'Aller au contenu principal',
    regionBlocked: 'Ce service est géo-restreint : ses matchs ne peuvent pas être diffusés dans votre région.',
  },
  nav: {
    main: 'Menu principal',
    brandHome: '{{name}}, accueil',
    menu: 'Menu',
    signIn: 'Se connecter',
    account: 'Mon compte',
    opensInNewTab: '(s’ouvre dans un nouvel onglet)',
    language: 'Langue',
    more: 'Plus',
  },
  languages: { en: 'English', fr: 'Français', bg: 'Български' },
  footer: {
    pages: 'Informations',
    contact: 'Contact',
    follow: 'Suivez-nous',
    rights: 'Tous droits réservés.',
    poweredBy: 'Diffusion par Sideline',
  },
  errors: {
    technicalTitle: 'Nous revenons vite',
    technicalMessage: 'Le service rencontre des difficultés techniques. Veuillez réessayer dans un instant.',
    reload: 'Recharger',
    reloadIn: 'Vous pourrez recharger dans {{seconds}} s',
    chunkTitle: 'La page ne s’est pas chargée',
    chunkMessage: 'La connexion est peut-être lente ou interrompue. Vérifiez-la et réessayez.',
    unexpectedTitle: 'Un problème est survenu',
    tooManyRequests: 'Trop de requêtes. Veuillez patienter un instant et réessayer',
    somethingWentWrong: 'Un problème est survenu. Veuillez réessayer ou contacter l’assistance technique',
    retry: 'Réessayer',
  },
  toast: { region: 'Notifications', dismiss: 'Fermer' },
  dialog: { ok: 'OK', cancel: 'Annuler' },
  home: {
    featured: 'À la une',
    previous: 'Diapositive précédente',
    next: 'Diapositive suivante',
    slideOf: 'Diapositive {{index}} sur {{total}}',
  },
};
