import { mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { MailMessage } from './mail.types';

export type Mailer = {
  /** `key` names the outbox file, so sending one message again replaces its file instead of adding a copy. */
  send(message: MailMessage, key?: string): Promise<void>;
  /** Removes half-written outbox files left by a process that died while writing (none in SMTP mode). */
  cleanPartials(): Promise<number>;
};

const PARTIAL_PREFIX = '.writing-';

/** True when a process with this id runs (a signal 0 probe: EPERM still means it exists). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

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
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}): Mailer {
  const transport = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    async send(message, key) {
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
      const name = key ?? `${Date.now()}-${String(++sequence).padStart(4, '0')}`;
      const file = path.join(outboxDir, `${name}-${safeTo}.eml`);
      // Written aside, flushed, then renamed into place: whatever reads the outbox never sees half a message.
      const partial = path.join(outboxDir, `${PARTIAL_PREFIX}${process.pid}-${name}`);
      const handle = await open(partial, 'w');
      try {
        await handle.writeFile((info as unknown as { message: Buffer }).message);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(partial, file);
      log.info({ to: message.to, subject: message.subject, file, link: message.link }, 'mail written to the outbox');
    },

    async cleanPartials() {
      if (smtpUrl) return 0;
      const names = await readdir(outboxDir).catch(() => [] as string[]);
      // A partial of a live process (another server on the same folder) is being written now; ours are stale.
      const stale = names.filter((n) => {
        if (!n.startsWith(PARTIAL_PREFIX)) return false;
        const pid = Number(n.slice(PARTIAL_PREFIX.length).split('-')[0]);
        return !Number.isInteger(pid) || pid === process.pid || !isRunning(pid);
      });
      await Promise.all(stale.map((n) => rm(path.join(outboxDir, n), { force: true })));
      if (stale.length) log.warn({ files: stale }, 'removed half-written outbox files of a stopped process');
      return stale.length;
    },
  };
}
