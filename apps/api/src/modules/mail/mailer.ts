import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { MailMessage } from './mail.types';

export type Mailer = { send(message: MailMessage): Promise<void> };

/**
 * nodemailer over SMTP when SMTP_URL is set; otherwise each message becomes an `.eml` file in the outbox folder
 * (open it with any mail client) and its link is logged, so the product works on a machine with no mail server.
 */
export function createMailer({
  smtpUrl,
  outboxDir,
  fromAddress,
  log,
}: {
  smtpUrl: string | undefined;
  outboxDir: string;
  fromAddress: string;
  log: Pick<FastifyBaseLogger, 'info'>;
}): Mailer {
  const transport = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    async send(message) {
      const info = await transport.sendMail({
        from: { name: message.fromName, address: fromAddress },
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      if (smtpUrl) return;
      await mkdir(outboxDir, { recursive: true });
      const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = path.join(outboxDir, `${Date.now()}-${String(++sequence).padStart(4, '0')}-${safeTo}.eml`);
      // Written aside, then renamed into place: whatever reads the outbox never sees half a message.
      const partial = path.join(outboxDir, `.writing-${process.pid}-${sequence}`);
      await writeFile(partial, (info as unknown as { message: Buffer }).message);
      await rename(partial, file);
      log.info({ to: message.to, subject: message.subject, file, link: message.link }, 'mail written to the outbox');
    },
  };
}
