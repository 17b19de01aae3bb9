import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { TestApp } from './test-app';

export type ReceivedMail = { to: string; subject: string; text: string; html: string; link: string | null };

/** Parses a raw message the way a mail client would, and finds the action link in its text. */
export async function parseMail(raw: Buffer | string): Promise<ReceivedMail> {
  const mail = await simpleParser(raw);
  const text = mail.text ?? '';
  const to = Array.isArray(mail.to) ? (mail.to[0]?.text ?? '') : (mail.to?.text ?? '');
  return {
    to,
    subject: mail.subject ?? '',
    text,
    html: typeof mail.html === 'string' ? mail.html : '',
    link: text.match(/https?:\/\/\S+/)?.[0] ?? null,
  };
}

/** Every message the app wrote to its outbox for one address, oldest first (after the job queue drained). */
export async function mailsTo(t: TestApp, address: string): Promise<ReceivedMail[]> {
  await t.services.jobs.drain();
  const dir = t.outboxDir;
  const files = (await readdir(dir).catch(() => [] as string[])).sort();
  const mails = await Promise.all(files.map(async (f) => parseMail(await readFile(path.join(dir, f)))));
  return mails.filter((m) => m.to.toLowerCase().includes(address.toLowerCase()));
}

export async function lastMailTo(t: TestApp, address: string): Promise<ReceivedMail> {
  const mails = await mailsTo(t, address);
  const last = mails.at(-1);
  if (!last) throw new Error(`no mail to ${address}`);
  return last;
}

/** The token of the link in the last mail to an address. */
export async function tokenFromLastMail(t: TestApp, address: string): Promise<string> {
  const link = (await lastMailTo(t, address)).link;
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error(`no token link in the last mail to ${address}`);
  return token;
}
