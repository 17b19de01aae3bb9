import { useTagNames } from '../hooks/use-tag-names';

/** A clip's tags by their names in the fan's language; nothing when it has none. The list's look is the caller's. */
export function ClipTags({ tags, className }: { tags: readonly string[]; className: string | undefined }) {
  const tagName = useTagNames();
  if (!tags.length) return null;
  return (
    <ul className={className}>
      {tags.map((alias) => (
        <li key={alias}>{tagName(alias)}</li>
      ))}
    </ul>
  );
}
