import { useEffect, useId, useRef, useState } from 'react';
import { introVideoProblem, LIMITS, MESSAGES } from '@huddle/domain';
import { mediaUrl, toApiError } from '@huddle/api-client';
import { Button, cx, Icon, ProgressBar } from '@huddle/ui';
import { useMemberApi } from '../api/hooks';
import { readVideoDuration } from './video-duration';

const ACCEPT = '.mp4,.mov,video/mp4,video/quicktime';

export interface IntroVideoFieldProps {
  video: string | null;
  onUploaded: (path: string) => void;
  /** A message from the form (for example 'Please, choose video' on Submit). */
  error?: string | null;
  /** Told when checking or uploading starts and ends, so a form can wait for it. */
  onUploadingChange?: (uploading: boolean) => void;
}

/**
 * The intro video (spec §5): an mp4 or quicktime file of at most 2044 MB and 30 seconds. Type,
 * size and duration are checked in the browser first, each with its own message; the upload
 * (POST /user/upload-intro) shows its progress, and the stored video plays as a preview.
 */
export function IntroVideoField({ video, onUploaded, error, onUploadingChange }: IntroVideoFieldProps) {
  const api = useMemberApi();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [broken, setBroken] = useState(false);

  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const early = introVideoProblem(file);
    if (early) {
      setProblem(early);
      return;
    }
    setChecking(true);
    setProblem(null);
    let duration: number;
    try {
      duration = await readVideoDuration(file);
    } catch {
      setChecking(false);
      setProblem(MESSAGES.unableToLoadVideo);
      return;
    }
    setChecking(false);
    const late = introVideoProblem(file, duration);
    if (late) {
      setProblem(late);
      return;
    }
    setProgress(0);
    try {
      const uploaded = await api.uploadIntro(file, setProgress);
      setPreview(URL.createObjectURL(file));
      setBroken(false);
      onUploaded(uploaded.path);
    } catch (failure) {
      setProblem(toApiError(failure).message);
    } finally {
      setProgress(null);
    }
  };

  const shown = preview ?? mediaUrl(api.apiBase, video);
  const message = problem ?? error ?? (broken ? MESSAGES.unableToLoadVideo : null);
  const busy = checking || progress !== null;
  useEffect(() => onUploadingChange?.(busy), [busy, onUploadingChange]);

  return (
    <div className={cx('hd-field', message && 'hd-field--invalid')}>
      <span className="hd-field__label" id={`${id}-label`}>
        Intro video
      </span>
      <div className="mb-video">
        {shown && !broken ? (
          <video className="mb-video__player" src={shown} controls playsInline preload="metadata" onError={() => setBroken(true)}>
            <track kind="captions" />
          </video>
        ) : (
          <div className="mb-video__empty">
            <Icon name="video" size={36} />
            <span>Up to {LIMITS.video.maxSeconds} seconds, MP4 or MOV</span>
          </div>
        )}
      </div>
      <input
        ref={input}
        id={id}
        type="file"
        accept={ACCEPT}
        className="hd-visually-hidden"
        aria-labelledby={`${id}-label`}
        onChange={(event) => choose(event.target.files?.[0])}
      />
      <div className="hd-row">
        <Button variant="secondary" size="sm" onClick={() => input.current?.click()} loading={checking} disabled={busy}>
          {shown ? 'Change video' : 'Choose video'}
        </Button>
      </div>
      {progress !== null && <ProgressBar value={progress} label="Uploading video" />}
      {message && (
        <p className="hd-field__error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
