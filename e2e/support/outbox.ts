import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';

/**
 * An address nobody used before on the shared server (`<tag>-<time>-<random>@<suite>.example`): the outbox is
 * read by address, so the mail found for it is this test's alone.
 */
export const uniqueEmail = (tag: string, suite: 'accounts' | 'commerce') =>
  `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@${suite}.example`;

/**
 * The mail the shared server wrote to its outbox for an address (newest last), waiting up to `timeoutMs`
 * for `count` messages: mail is sent by a background job, a moment after the request that asked for it.
 */
export async function waitForMails(address: string, { count = 1, timeoutMs = 15_000 } = {}): Promise<string[]> {
  const dir = path.join(inject('dataDir'), 'outbox');
  const until = Date.now() + timeoutMs;
  for (;;) {
    const files = (await readdir(dir).catch(() => [] as string[]))
      .filter((f) => f.includes(address.toLowerCase()))
      .sort();
    if (files.length >= count) return Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
    if (Date.now() > until) throw new Error(`expected ${count} mail(s) to ${address}, found ${files.length}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The action link (verification, reset, deletion) of a raw message, undoing quoted-printable soft breaks. */
export function linkIn(raw: string): string {
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const link = text.match(/https?:\/\/[^\s"<>]+\?token=[A-Za-z0-9_-]+/)?.[0];
  if (!link) throw new Error('no link in the mail');
  return link;
}

/** The link of the newest mail to an address once `count` mails have arrived. */
export async function latestLink(address: string, count = 1): Promise<string> {
  const mails = await waitForMails(address, { count });
  return linkIn(mails[mails.length - 1] as string);
}
