import type { ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { toApiError } from '@huddle/api-client';
import { MESSAGES } from '@huddle/domain';
import { formatDate, formatTime } from '@huddle/domain/format';
import { Button, Icon, useShell, useToast } from '@huddle/ui';
import { useRequestsApi } from '../api/hooks';
import type { RequestView } from '../api/requests-api';
import { useNow } from './panel-parts';
import { useHasCamera, videoChatChoice, type VideoChatChoice } from './video-chat-choice';

/** 'You can start the call from 3:05 PM' (today), or with its date on another day. */
export function opensLabel(at: number, nowSeconds: number): string {
  const sameDay = formatDate(at) === formatDate(nowSeconds);
  return `You can start the call from ${sameDay ? formatTime(at) : `${formatDate(at)}, ${formatTime(at)}`}`;
}

/** The line a choice adds to the panel's headline, if any. */
export function videoChatNote(choice: VideoChatChoice, nowSeconds: number): ReactNode {
  if (!choice) return null;
  switch (choice.kind) {
    case 'no-camera':
      return (
        <p className="req-actions__note req-actions__camera" role="status">
          <Icon name="video" size={18} /> {MESSAGES.cameraNotRecognized}
        </p>
      );
    case 'opens':
      return <p className="req-actions__note hd-muted">{opensLabel(choice.at, nowSeconds)}</p>;
    case 'passed':
      return <p className="req-actions__note hd-muted">The time for this video chat has passed</p>;
    default:
      return null;
  }
}

/**
 * A video chat request's call on its panel (spec §4, issue 13): Start video chat for the athlete
 * when its window is open (then on to /chat/{id}), Join chat for both parties while it is in
 * progress, 'Camera is not recognized' instead of either on a device without a camera, and the
 * athlete's hint of when the call opens.
 */
export function useVideoChatOffer(request: RequestView, onChange: (request: RequestView) => void): { note: ReactNode; button: ReactNode } {
  const api = useRequestsApi();
  const toast = useToast();
  const { navigate } = useShell();
  const isChat = request.type === 'video_chat' && (request.status === 2 || request.status === 6);
  // Read often while the athlete waits for the window, so Start appears when it opens.
  const now = useNow(isChat && request.status === 2 ? 5_000 : 60_000);
  const hasCamera = useHasCamera(isChat);
  const start = useMutation({
    mutationFn: () => api.startVideoChat(request.id),
    onSuccess: (started) => {
      onChange(started);
      navigate(`/chat/${request.id}`);
    },
    onError: (error) => toast.show(toApiError(error).message, 'error'),
  });
  const choice = videoChatChoice(request, now, hasCamera);
  let button: ReactNode = null;
  if (choice?.kind === 'start') {
    button = (
      <Button key="start-chat" variant="accent" loading={start.isPending} onClick={() => start.mutate()}>
        Start video chat
      </Button>
    );
  } else if (choice?.kind === 'join') {
    button = (
      <Button key="join-chat" variant="accent" onClick={() => navigate(`/chat/${request.id}`)}>
        Join chat
      </Button>
    );
  }
  return { note: videoChatNote(choice, now), button };
}
