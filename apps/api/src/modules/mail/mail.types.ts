/** A rendered message, ready for the transport (a job payload, so plain data only). */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action link the message carries, logged in outbox mode so a developer can follow it. */
  link?: string;
  /** The channel's name, shown as the sender's display name. */
  fromName: string;
};
