import type { SharedClip as SharedClipData } from '@sideline/contract/clips';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSharedClip } from '../api/get-shared-clip';
import { ClipTags } from './clip-tags';
import { ClipVideo } from './clip-video';
import styles from './clips.module.css';

type Props = {
  /** The clip's id and share id, as the link gives them. */
  id: number;
  uuid: string;
  describeGame: (event: SharedClipData['event']) => string;
};

/**
 * A shared clip, for anyone with its link (guests too): the clip playing, its name, its game with a way to watch
 * it, and the channel that published it. A deleted clip (or a link that does not match one) is a friendly
 * not-found state.
 */
export function SharedClip({ id, uuid, describeGame }: Props) {
  const { t } = useTranslation('clips');
  const query = useSharedClip(uuid);
  const clip = query.data && query.data.id === id ? query.data : null;
  useDocumentTitle(clip?.name ?? (query.isPending ? null : t('clips.shared.notFoundTitle')));

  if (query.isPending) return <div className={styles.sharePlaceholder} aria-busy="true" />;
  if (!clip) {
    return (
      <EmptyState
        title={query.isError ? t('clips.shared.loadFailed') : t('clips.shared.notFoundTitle')}
        message={query.isError ? undefined : t('clips.shared.notFoundMessage')}
        actions={
          <>
            <Link to={paths.home.href()} className="button button-solid">
              {t('clips.shared.home')}
            </Link>
            <Link to={paths.moments.href()} className="button button-outline">
              {t('clips.moments.title')}
            </Link>
          </>
        }
      />
    );
  }
  return (
    <article className={styles.sharePage}>
      <ClipVideo clip={clip} className={styles.shareVideo} controls preload="metadata" />
      <div className={styles.shareDetails}>
        <h1 className={styles.shareTitle}>{clip.name}</h1>
        <p className={styles.shareGame}>
          <Link to={paths.watch.href(clip.event_id)}>{describeGame(clip.event)}</Link>
        </p>
        <p className={styles.shareChannel}>{t('clips.shared.from', { channel: clip.channel_name })}</p>
        <ClipTags tags={clip.tags} className={styles.shareTags} />
        <Link to={paths.watch.href(clip.event_id)} className="button button-solid">
          {t('clips.shared.watchGame')}
        </Link>
      </div>
    </article>
  );
}
