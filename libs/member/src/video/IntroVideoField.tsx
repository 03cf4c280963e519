import { useEffect, useState } from 'react';
import { introVideoProblem, LIMITS, MESSAGES } from '@huddle/domain';
import { mediaUrl, toApiError } from '@huddle/api-client';
import { Icon } from '@huddle/ui';
import { FileUploadField } from '@huddle/ui/file-upload';
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
 * A chosen video's problem: type and size first, then its duration read from the file, each with
 * its own message (spec §5); a file the browser cannot read gets 'unable to load'.
 */
async function videoProblem(file: File): Promise<string | null> {
  const early = introVideoProblem(file);
  if (early) return early;
  try {
    return introVideoProblem(file, await readVideoDuration(file));
  } catch {
    return MESSAGES.unableToLoadVideo;
  }
}

/**
 * The intro video (spec §5): an mp4 or quicktime file of at most 2044 MB and 30 seconds, checked
 * in the browser first; the upload (POST /user/upload-intro) shows its progress, and the stored
 * video plays as a preview.
 */
export function IntroVideoField({ video, onUploaded, error, onUploadingChange }: IntroVideoFieldProps) {
  const api = useMemberApi();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [broken, setBroken] = useState(false);

  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  const upload = async (file: File) => {
    setProblem(null);
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

  return (
    <FileUploadField
      label="Intro video"
      accept={ACCEPT}
      noun="video"
      layout="stacked"
      hasFile={Boolean(shown)}
      preview={
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
      }
      check={videoProblem}
      onAccepted={(file) => void upload(file)}
      progress={progress}
      error={problem ?? error ?? (broken ? MESSAGES.unableToLoadVideo : null)}
      onBusyChange={onUploadingChange}
    />
  );
}
