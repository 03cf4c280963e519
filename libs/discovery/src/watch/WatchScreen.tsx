import { skipToken, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { toApiError } from '@huddle/api-client';
import { MESSAGES } from '@huddle/domain';
import { EmptyView, ErrorView, Page, SkeletonList, useShell, useSignedVideoReload, type ScreenProps } from '@huddle/ui';
import { isNotFound, useDiscoveryApi } from '../api/hooks';
import { Avatar } from '../profile/Avatar';
import '../profile/profile.css';
import './watch.css';

/**
 * /watch/{token} (issue 10): a finished shoutout for the people it was made for, opened from the
 * emailed link without an account. The video carries Huddle's watermark as branding, and the page
 * names the athlete only; a revoked link is gone for everyone. The player loads video_url, which
 * answers with a signed URL that expires within minutes: when it has expired on an open page, the
 * player asks again and resumes; when that keeps failing, the page asks whether the link still
 * works (a revoked one then shows as unavailable).
 */
export function WatchScreen({ params }: ScreenProps) {
  const api = useDiscoveryApi();
  const { apiBase } = useShell();
  const token = params.token ?? '';
  const watch = useQuery({
    queryKey: ['watch', token],
    queryFn: token ? ({ signal }) => api.watch(token, signal) : skipToken,
    retry: (failures, error) => !isNotFound(error) && failures < 1,
  });
  const reload = useSignedVideoReload(() => void watch.refetch());

  const body = () => {
    if (watch.isPending) return <SkeletonList count={2} label="Loading the video" />;
    if (watch.isError) {
      const failure = toApiError(watch.error);
      return isNotFound(watch.error) || failure.status === 400 ? (
        <EmptyView title="Video unavailable" text={MESSAGES.watchLinkGone} icon="video" />
      ) : (
        <ErrorView message={failure.message} onRetry={() => void watch.refetch()} retrying={watch.isFetching} />
      );
    }
    const { athlete, video_url: videoUrl } = watch.data;
    const name = [athlete.first_name, athlete.last_name].filter(Boolean).join(' ') || 'Your athlete';
    const initials = [athlete.first_name, athlete.last_name].map((part) => part?.[0] ?? '').join('') || '?';
    return (
      <section className="hd-panel wt-watch">
        <div className="wt-watch__who">
          <Avatar photo={athlete.profile_photo} initials={initials} apiBase={apiBase} />
          <p>
            A shoutout from <strong>{name}</strong>
          </p>
        </div>
        <div className="wt-watch__player">
          <video
            className="wt-watch__video"
            controls
            playsInline
            preload="metadata"
            src={`${apiBase.replace(/\/+$/, '')}/${videoUrl}`}
            onError={reload.onError}
            onPlaying={reload.onPlaying}
          />
          <span className="hd-watermark" aria-hidden="true">
            HUDDLE
          </span>
        </div>
        {athlete.username && (
          <Link className="hd-link" href={`/@${athlete.username}`}>
            {`See ${athlete.first_name ?? name}'s profile on Huddle`}
          </Link>
        )}
      </section>
    );
  };

  return (
    <Page title="Your shoutout" width="narrow">
      {body()}
    </Page>
  );
}
