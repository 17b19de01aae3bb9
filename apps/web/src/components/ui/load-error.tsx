import { EmptyState } from './empty-state';
import { AlertIcon } from './icons';

type Props = {
  title: string;
  message: string;
  /** The retry button's label. */
  retry: string;
  onRetry: () => void;
  level?: 1 | 2;
};

/** Something that could not be loaded: says so, with a retry button. The texts are the caller's, in its namespace. */
export function LoadError({ title, message, retry, onRetry, level }: Props) {
  return (
    <EmptyState
      level={level}
      icon={<AlertIcon width={30} height={30} />}
      title={title}
      message={message}
      actions={
        <button type="button" className="button button-solid" onClick={onRetry}>
          {retry}
        </button>
      }
    />
  );
}
