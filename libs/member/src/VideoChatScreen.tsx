import { useEffect, useRef, useState, type RefObject } from 'react';
import { MESSAGES } from '@huddle/domain';
import { AlertDialog, Button, ConfirmDialog, EmptyView, ErrorView, LoadingView, Page, type ScreenProps } from '@huddle/ui';
import { formatCountdown } from './video-chat/chat-rules';
import { useSecondsLeft, useVideoChat, type ChatMedia } from './video-chat/useVideoChat';
import './video-chat/video-chat.css';

/**
 * /chat/{id} (spec §2, §4; issue 13): the live video chat of a video chat request. The partner
 * large, oneself small, the session's countdown and 'Finish call' (confirmed). Without a camera,
 * 'Camera is not recognized'; a failed call, 'An error occurred'; when the partner finishes it,
 * 'Your chat has been finished'. Every way out leads back to the request.
 */
export function VideoChatScreen({ params }: ScreenProps) {
  const id = params.id ?? '';
  const { state, media, finish, timeUp, backToRequest } = useVideoChat(id);
  const [confirming, setConfirming] = useState(false);
  const live = state.phase === 'live';
  const secondsLeft = useSecondsLeft(live && media ? media.join : null);

  useEffect(() => {
    if (live && secondsLeft === 0) void timeUp();
  }, [live, secondsLeft, timeUp]);

  const backToRequestButton = (
    <Button variant="secondary" onClick={backToRequest}>
      Back to the request
    </Button>
  );

  const body = () => {
    switch (state.phase) {
      case 'loading':
        return <LoadingView label="Joining the video chat" />;
      case 'no-camera':
        return <EmptyView icon="video" title={MESSAGES.cameraNotRecognized} text="Connect a camera to join the video chat." action={backToRequestButton} />;
      case 'unavailable':
        return <EmptyView icon="video" title={state.title} text={state.message} action={backToRequestButton} />;
      case 'failed':
        return (
          <div className="vc-state">
            <ErrorView message={state.message} />
            {backToRequestButton}
          </div>
        );
      case 'leaving':
        return <LoadingView label={state.reason === 'time' ? 'The time is up. Finishing the call' : 'Finishing the call'} />;
      case 'live':
      case 'finished':
        return media ? <CallStage media={media} secondsLeft={secondsLeft} onFinish={() => setConfirming(true)} finished={state.phase === 'finished'} /> : null;
    }
  };

  return (
    <Page
      title="Video chat"
      subtitle={media ? `With ${media.partnerName}` : undefined}
      width="wide"
      onBack={live ? () => setConfirming(true) : backToRequest}
    >
      {body()}
      <ConfirmDialog
        open={confirming && live}
        title="Finish call"
        message="Finish the video chat? It ends for both of you."
        confirmLabel="Finish call"
        cancelLabel="Stay"
        tone="danger"
        onConfirm={() => {
          setConfirming(false);
          void finish();
        }}
        onCancel={() => setConfirming(false)}
      />
      <AlertDialog open={state.phase === 'finished'} title="Video chat" message={MESSAGES.chatFinished} onClose={backToRequest} />
    </Page>
  );
}

interface CallStageProps {
  media: ChatMedia;
  secondsLeft: number | null;
  finished: boolean;
  onFinish: () => void;
}

function CallStage({ media, secondsLeft, finished, onFinish }: CallStageProps) {
  const [soundBlocked, setSoundBlocked] = useState(false);
  const audio = useRef<HTMLAudioElement>(null);
  const partnerVideo = `${media.partnerName} video`;
  return (
    <div className="vc-call">
      <div className="vc-stage">
        {/* Picture and sound apart: a muted video always plays, and a browser that blocks sound without a tap blocks only the sound. */}
        <StreamVideo className="vc-stage__remote" stream={media.remote} label={partnerVideo} />
        <StreamAudio stream={media.remote} audioRef={audio} onBlocked={setSoundBlocked} />
        {!media.remote && (
          <div className="vc-stage__waiting" role="status">
            {!finished && <span className="hd-spinner" aria-hidden="true" />}
            <span>{finished ? MESSAGES.chatFinished : `Waiting for ${media.partnerName}`}</span>
          </div>
        )}
        {!finished && <StreamVideo className="vc-stage__local" stream={media.local} label="Your camera" />}
        {secondsLeft !== null && (
          <p className="vc-stage__timer" role="timer" aria-label="Time left">
            {formatCountdown(secondsLeft)}
          </p>
        )}
      </div>
      <div className="vc-controls">
        {soundBlocked && (
          <Button
            variant="secondary"
            onClick={() => {
              void audio.current?.play().then(() => setSoundBlocked(false), () => undefined);
            }}
          >
            Turn on sound
          </Button>
        )}
        <Button variant="danger" onClick={onFinish} disabled={finished}>
          Finish call
        </Button>
      </div>
    </div>
  );
}

/** A stream's picture, muted (the sound plays apart): React has no srcObject property. */
function StreamVideo({ stream, label, className }: { stream: MediaStream | null; label: string; className: string }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    element.srcObject = stream;
    if (stream) void element.play().catch(() => undefined);
  }, [stream]);
  return <video ref={video} className={className} aria-label={label} autoPlay playsInline muted />;
}

/** The partner's sound; `onBlocked` tells whether the browser waits for a tap to play it. */
function StreamAudio({
  stream,
  audioRef,
  onBlocked,
}: {
  stream: MediaStream | null;
  audioRef: RefObject<HTMLAudioElement | null>;
  onBlocked: (blocked: boolean) => void;
}) {
  useEffect(() => {
    const element = audioRef.current;
    if (!element) return;
    element.srcObject = stream;
    if (!stream) return;
    element.play().then(
      () => onBlocked(false),
      () => onBlocked(true),
    );
  }, [stream, audioRef, onBlocked]);
  return <audio ref={audioRef} autoPlay hidden />;
}
