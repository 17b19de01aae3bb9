import { useCallback } from 'react';
import { useLanguage } from '@/hooks/use-language';
import { useClipTags } from '../api/get-clip-tags';

/** A tag's name in the interface language, from the channel's list; its alias while the list loads. */
export function useTagNames() {
  const lng = useLanguage();
  const { data: tags } = useClipTags();
  return useCallback(
    (alias: string) => {
      const tag = tags?.find((t) => t.alias === alias);
      return tag?.names[lng] ?? tag?.names.en ?? alias;
    },
    [tags, lng],
  );
}
