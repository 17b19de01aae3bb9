/** Texts of the views (titles, notices, the not-found page, contacts, FAQ), loaded with the views' code. */
export const viewsEn = {
  notFound: {
    title: 'Hmm... Sorry! - Game Not Found',
    message: 'The page you are looking for was moved, removed or never existed. The game goes on at home.',
    home: 'Back to home',
  },
  soon: { badge: 'Coming soon', home: 'Back to home', schedule: 'See the schedule', passes: 'See the passes' },
  contacts: {
    title: 'Contact us',
    intro: 'Questions about a game, a pass or your account? Our viewer support team is happy to help.',
    email: 'E-mail',
    phone: 'Phone',
  },
  faq: { title: 'Frequently asked questions', empty: 'There are no questions yet.' },
  profile: {
    tabs: 'Account sections',
    guestTitle: 'Your account',
    guestMessage: 'Sign in to see your passes, orders and clips.',
  },
  views: {
    login: {
      title: 'Sign in',
      message: 'Signing in to your account is coming soon.',
    },
    registration: {
      title: 'Create an account',
      message: 'Creating a free account is coming soon.',
    },
    verifyNotice: {
      title: 'Check your inbox',
      message: 'E-mail verification is coming soon.',
    },
    verifyEmail: {
      title: 'Verify your e-mail',
      message: 'E-mail verification is coming soon.',
    },
    passwordResetRequest: {
      title: 'Forgot your password?',
      message: 'Password recovery is coming soon.',
    },
    passwordReset: {
      title: 'Choose a new password',
      message: 'Password recovery is coming soon.',
    },
    orders: {
      title: 'Orders',
      message: 'Your order history will appear here.',
    },
    activeOrders: {
      title: 'Active passes',
      message: 'Your active passes and subscriptions will appear here.',
    },
    transactions: {
      title: 'Transactions',
      message: 'Your payments and refunds will appear here.',
    },
    clips: {
      title: 'My clips',
      message: 'The clips you cut from games will appear here.',
    },
    favorites: {
      title: 'Favorites',
      message: 'The teams, schools and sports you follow will appear here.',
    },
    profileEdit: {
      title: 'Edit profile',
      message: 'Editing your profile and password is coming soon.',
    },
    confirmAccountDeletion: {
      title: 'Delete account',
      message: 'Account deletion is coming soon.',
    },
    buy: {
      title: 'Checkout',
      message: 'Buying games and passes is coming soon.',
    },
    selectPackage: {
      title: 'Choose your pass',
      message: 'Choosing a pass is coming soon.',
    },
    packages: {
      title: 'Passes',
      message: 'Passes and subscriptions are coming soon.',
    },
    vodLibrary: {
      title: 'Video library',
      message: 'Highlights and replays are coming soon.',
    },
    vodDetail: {
      title: 'Video',
      message: 'On-demand videos are coming soon.',
    },
    watchLibrary: {
      title: 'Watch',
      message: 'The player is coming soon.',
    },
    share: {
      title: 'Shared clip',
      message: 'Shared clips are coming soon.',
    },
    upcoming: {
      title: 'Upcoming games',
      message: 'The list of upcoming games is coming soon.',
    },
    live: {
      title: 'Live now',
      message: 'Live games will be listed here soon.',
    },
    vod: {
      title: 'On demand',
      message: 'Replays of finished games will be listed here soon.',
    },
    schedule: {
      title: 'Schedule',
      message: 'The full schedule is coming soon.',
    },
    moments: {
      title: 'Moments',
      message: 'The best moments of every game are coming soon.',
    },
  },
};

export type ViewsDictionary = typeof viewsEn;
