import { useCallback } from 'react';
import { useClipsLanguage } from '@/locales/clips/texts';
import { useClipTags } from '../api/get-clip-tags';

/** A tag's name in the interface language, from the channel's list; its alias while the list loads. */
export function useTagNames() {
  const lng = useClipsLanguage();
  const { data: tags } = useClipTags();
  return useCallback(
    (alias: string) => {
      const tag = tags?.find((t) => t.alias === alias);
      return tag?.names[lng] ?? tag?.names.en ?? alias;
    },
    [tags, lng],
  );
}
