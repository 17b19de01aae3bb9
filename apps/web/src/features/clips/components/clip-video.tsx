import type { Clip } from '@sideline/contract/clips';
import type { ComponentProps } from 'react';

type Props = Omit<ComponentProps<'video'>, 'src' | 'poster' | 'aria-label'> & {
  clip: Pick<Clip, 'name' | 'url' | 'thumbnail'>;
};

/** A clip's plain MP4 in the browser's own <video>, named by the clip; nothing until the clip has its file. */
export function ClipVideo({ clip, ...video }: Props) {
  if (!clip.url) return null;
  // No <track>: fans' clips of games carry no captions.
  return <video {...video} src={clip.url} poster={clip.thumbnail ?? undefined} playsInline aria-label={clip.name} />;
}
