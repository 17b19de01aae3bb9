import type { Clip } from '@sideline/contract/clips';
import { paths } from '@/config/paths';

/** The clip's public page as an absolute address, to paste anywhere. */
export const shareUrl = (clip: Pick<Clip, 'id' | 'uuid'>, origin: string) =>
  new URL(paths.share.href(clip.id, clip.uuid), origin).href;

export type ShareOutcome = { copied: boolean; url: string };

/**
 * Shares a clip's link: copies it to the clipboard, then opens the system's share sheet where there is one. A
 * share sheet the fan closes is not a failure; the link is on the clipboard either way.
 */
export async function shareClip(
  clip: Pick<Clip, 'id' | 'uuid' | 'name'>,
  env: { origin: string; clipboard?: Pick<Clipboard, 'writeText'>; share?: Navigator['share'] },
): Promise<ShareOutcome> {
  const url = shareUrl(clip, env.origin);
  let copied = false;
  try {
    await env.clipboard?.writeText(url);
    copied = !!env.clipboard;
  } catch {
    copied = false;
  }
  if (env.share) await env.share({ title: clip.name, url }).catch(() => undefined);
  return { copied, url };
}
