import type { ViewsDictionary } from './en';

export const viewsFr: ViewsDictionary = {
  notFound: {
    title: 'Oups... Désolé ! - Match introuvable',
    message: 'La page que vous cherchez a été déplacée, supprimée ou n’a jamais existé. Le match continue à l’accueil.',
    home: 'Retour à l’accueil',
  },
  soon: {
    badge: 'Bientôt disponible',
    home: 'Retour à l’accueil',
    schedule: 'Voir le calendrier',
    passes: 'Voir les pass',
  },
  contacts: {
    title: 'Nous contacter',
    intro: 'Une question sur un match, un pass ou votre compte ? Notre équipe d’assistance est là pour vous aider.',
    email: 'E-mail',
    phone: 'Téléphone',
  },
  faq: { title: 'Questions fréquentes', empty: 'Aucune question pour le moment.' },
  profile: {
    tabs: 'Sections du compte',
    guestTitle: 'Votre compte',
    guestMessage: 'Connectez-vous pour voir vos pass, vos commandes et vos clips.',
  },
  views: {
    login: {
      title: 'Se connecter',
      message: 'La connexion à votre compte sera bientôt disponible.',
    },
    registration: {
      title: 'Créer un compte',
      message: 'La création d’un compte gratuit sera bientôt disponible.',
    },
    verifyNotice: {
      title: 'Consultez votre boîte mail',
      message: 'La vérification de l’e-mail sera bientôt disponible.',
    },
    verifyEmail: {
      title: 'Vérifiez votre e-mail',
      message: 'La vérification de l’e-mail sera bientôt disponible.',
    },
    passwordResetRequest: {
      title: 'Mot de passe oublié ?',
      message: 'La récupération du mot de passe sera bientôt disponible.',
    },
    passwordReset: {
      title: 'Choisissez un nouveau mot de passe',
      message: 'La récupération du mot de passe sera bientôt disponible.',
    },
    orders: {
      title: 'Commandes',
      message: 'L’historique de vos commandes apparaîtra ici.',
    },
    activeOrders: {
      title: 'Pass actifs',
      message: 'Vos pass et abonnements actifs apparaîtront ici.',
    },
    transactions: {
      title: 'Transactions',
      message: 'Vos paiements et remboursements apparaîtront ici.',
    },
    clips: {
      title: 'Mes clips',
      message: 'Les clips que vous découpez dans les matchs apparaîtront ici.',
    },
    favorites: {
      title: 'Favoris',
      message: 'Les équipes, écoles et sports que vous suivez apparaîtront ici.',
    },
    profileEdit: {
      title: 'Modifier le profil',
      message: 'La modification du profil et du mot de passe sera bientôt disponible.',
    },
    confirmAccountDeletion: {
      title: 'Supprimer le compte',
      message: 'La suppression du compte sera bientôt disponible.',
    },
    buy: {
      title: 'Paiement',
      message: 'L’achat de matchs et de pass sera bientôt disponible.',
    },
    selectPackage: {
      title: 'Choisissez votre pass',
      message: 'Le choix d’un pass sera bientôt disponible.',
    },
    packages: {
      title: 'Pass',
      message: 'Les pass et abonnements seront bientôt disponibles.',
    },
    vodLibrary: {
      title: 'Vidéothèque',
      message: 'Les résumés et rediffusions arrivent bientôt.',
    },
    vodDetail: {
      title: 'Vidéo',
      message: 'Les vidéos à la demande arrivent bientôt.',
    },
    watchLibrary: {
      title: 'Regarder',
      message: 'Le lecteur arrive bientôt.',
    },
    share: {
      title: 'Clip partagé',
      message: 'Les clips partagés arrivent bientôt.',
    },
    upcoming: {
      title: 'Matchs à venir',
      message: 'La liste des matchs à venir arrive bientôt.',
    },
    live: {
      title: 'En direct',
      message: 'Les matchs en direct seront bientôt listés ici.',
    },
    vod: {
      title: 'À la demande',
      message: 'Les rediffusions des matchs terminés seront bientôt listées ici.',
    },
    schedule: {
      title: 'Calendrier',
      message: 'Le calendrier complet arrive bientôt.',
    },
    moments: {
      title: 'Moments forts',
      message: 'Les meilleurs moments de chaque match arrivent bientôt.',
    },
  },
};
