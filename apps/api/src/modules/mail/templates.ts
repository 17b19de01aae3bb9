import type { Language } from '@sideline/contract/constants';
import type { MailMessage } from './mail.types';

export type MailKind = 'verify_email' | 'reset_password' | 'delete_account' | 'console_invite' | 'console_role';

type Copy = { subject: string; intro: string; action: string; outro: string };

/** The account and console e-mails in every interface language; `{channel}` and `{hours}` are filled in. */
const COPY: Record<Language, Record<MailKind, Copy>> = {
  en: {
    console_invite: {
      subject: 'You are invited to run {channel}',
      intro: 'You have been given a role in the console of {channel}, where its games, pages and look are run.',
      action: 'Choose my password',
      outro: 'The link works for {hours} hours. Then sign in and open /console on the channel.',
    },
    console_role: {
      subject: 'Your role in the {channel} console',
      intro: 'Your account now has a role in the console of {channel}.',
      action: 'Open the console',
      outro: 'Sign in with your usual password. If you did not expect this, tell the channel’s owner.',
    },
    verify_email: {
      subject: 'Confirm your e-mail for {channel}',
      intro: 'Welcome to {channel}! Confirm your e-mail address to start watching.',
      action: 'Confirm my e-mail',
      outro: 'The link works for {hours} hours. If you did not sign up, ignore this message.',
    },
    reset_password: {
      subject: 'Reset your {channel} password',
      intro: 'Someone asked to reset the password of your {channel} account.',
      action: 'Choose a new password',
      outro: 'The link works for {hours} hours. If it was not you, ignore this message: your password stays the same.',
    },
    delete_account: {
      subject: 'Confirm the deletion of your {channel} account',
      intro: 'You asked to delete your {channel} account. This removes your profile, favorites and clips for good.',
      action: 'Delete my account',
      outro: 'The link works for {hours} hours. If you changed your mind, ignore this message.',
    },
  },
  fr: {
    console_invite: {
      subject: 'Vous êtes invité à gérer {channel}',
      intro:
        'Un rôle vous a été attribué dans la console de {channel}, où se gèrent ses matchs, ses pages et son apparence.',
      action: 'Choisir mon mot de passe',
      outro: 'Le lien est valable {hours} heures. Connectez-vous ensuite et ouvrez /console sur la chaîne.',
    },
    console_role: {
      subject: 'Votre rôle dans la console {channel}',
      intro: 'Votre compte a désormais un rôle dans la console de {channel}.',
      action: 'Ouvrir la console',
      outro:
        'Connectez-vous avec votre mot de passe habituel. Si vous ne vous y attendiez pas, prévenez le propriétaire de la chaîne.',
    },
    verify_email: {
      subject: 'Confirmez votre e-mail pour {channel}',
      intro: 'Bienvenue sur {channel} ! Confirmez votre adresse e-mail pour commencer à regarder.',
      action: 'Confirmer mon e-mail',
      outro: 'Le lien est valable {hours} heures. Si vous ne vous êtes pas inscrit, ignorez ce message.',
    },
    reset_password: {
      subject: 'Réinitialisez votre mot de passe {channel}',
      intro: 'Quelqu’un a demandé la réinitialisation du mot de passe de votre compte {channel}.',
      action: 'Choisir un nouveau mot de passe',
      outro:
        'Le lien est valable {hours} heures. Si ce n’était pas vous, ignorez ce message : votre mot de passe ne change pas.',
    },
    delete_account: {
      subject: 'Confirmez la suppression de votre compte {channel}',
      intro:
        'Vous avez demandé la suppression de votre compte {channel}. Votre profil, vos favoris et vos clips seront supprimés définitivement.',
      action: 'Supprimer mon compte',
      outro: 'Le lien est valable {hours} heures. Si vous avez changé d’avis, ignorez ce message.',
    },
  },
  bg: {
    console_invite: {
      subject: 'Поканени сте да управлявате {channel}',
      intro: 'Получихте роля в конзолата на {channel}, където се управляват мачовете, страниците и визията ѝ.',
      action: 'Избор на парола',
      outro: 'Връзката е валидна {hours} часа. След това влезте и отворете /console на канала.',
    },
    console_role: {
      subject: 'Вашата роля в конзолата на {channel}',
      intro: 'Профилът ви вече има роля в конзолата на {channel}.',
      action: 'Отваряне на конзолата',
      outro: 'Влезте с обичайната си парола. Ако не сте очаквали това, уведомете собственика на канала.',
    },
    verify_email: {
      subject: 'Потвърдете имейла си за {channel}',
      intro: 'Добре дошли в {channel}! Потвърдете имейл адреса си, за да започнете да гледате.',
      action: 'Потвърждавам имейла си',
      outro: 'Връзката е валидна {hours} часа. Ако не сте се регистрирали, пренебрегнете това съобщение.',
    },
    reset_password: {
      subject: 'Нова парола за {channel}',
      intro: 'Някой поиска нова парола за профила ви в {channel}.',
      action: 'Избор на нова парола',
      outro:
        'Връзката е валидна {hours} часа. Ако не сте били вие, пренебрегнете съобщението: паролата ви остава същата.',
    },
    delete_account: {
      subject: 'Потвърдете изтриването на профила си в {channel}',
      intro:
        'Поискахте изтриване на профила си в {channel}. Профилът, любимите и клиповете ви ще бъдат изтрити завинаги.',
      action: 'Изтриване на профила',
      outro: 'Връзката е валидна {hours} часа. Ако сте се отказали, пренебрегнете съобщението.',
    },
  },
};

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** Renders one account e-mail: a plain-text part and a simple HTML part with a button. */
export function renderMail(
  kind: MailKind,
  {
    language,
    channel,
    to,
    link,
    hours,
  }: { language: string; channel: string; to: string; link: string; hours: number },
): MailMessage {
  const copy = (COPY[language as Language] ?? COPY.en)[kind];
  // Replacer functions: a replacement string would read `$&` or `$'` in a channel's name as patterns.
  const fill = (s: string) => s.replaceAll('{channel}', () => channel).replaceAll('{hours}', () => String(hours));
  const [subject, intro, action, outro] = [copy.subject, copy.intro, copy.action, copy.outro].map(fill) as [
    string,
    string,
    string,
    string,
  ];
  return {
    to,
    fromName: channel,
    subject,
    link,
    text: `${intro}\n\n${action}: ${link}\n\n${outro}\n`,
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#111">
<p>${esc(intro)}</p>
<p><a href="${esc(link)}" style="display:inline-block;padding:12px 20px;background:#0b1f3a;color:#fff;text-decoration:none;border-radius:6px">${esc(action)}</a></p>
<p style="color:#555">${esc(outro)}</p>
</body></html>`,
  };
}
