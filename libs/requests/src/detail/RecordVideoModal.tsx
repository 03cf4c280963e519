import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { isAbortError, toApiError } from '@huddle/api-client';
import { deliveryVideoProblem, MESSAGES, RECORDING_TYPES } from '@huddle/domain';
import { recordTitle } from '@huddle/domain/format';
import { Button, Modal, ProgressBar } from '@huddle/ui';
import { useRequestsApi } from '../api/hooks';
import type { RequestView } from '../api/requests-api';

type Stage = 'choose' | 'camera' | 'recording' | 'preview';

export interface RecordVideoModalProps {
  request: RequestView;
  type: 'shoutout' | 'endorsement';
  open: boolean;
  onClose: () => void;
  onSent: (request: RequestView) => void;
}

/** The first mp4 type this browser's MediaRecorder can write (RECORDING_TYPES), or null: it records only what Huddle refuses. */
function recordingType(): string | null {
  if (typeof MediaRecorder === 'undefined' || typeof MediaRecorder.isTypeSupported !== 'function') return null;
  return RECORDING_TYPES.find((type) => MediaRecorder.isTypeSupported(type)) ?? null;
}

/**
 * 'Record Your {type}' (spec §2): the athlete records with the camera (MediaRecorder) or chooses a
 * file, watches it back, and sends it with the upload's progress. The delivery video has no
 * duration limit (spec §5); its size limit is the server's (DELIVERY_VIDEO_MAX_MB).
 */
export function RecordVideoModal({ request, type, open, onClose, onSent }: RecordVideoModalProps) {
  const api = useRequestsApi();
  const [stage, setStage] = useState<Stage>('choose');
  const [video, setVideo] = useState<Blob | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const stream = useRef<MediaStream | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const live = useRef<HTMLVideoElement>(null);
  const upload = useRef<AbortController | null>(null);

  const stopCamera = () => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
  };
  useEffect(() => () => stopCamera(), []);
  useEffect(() => () => {
    if (previewUrl) URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  const take = (blob: Blob) => {
    setVideo(blob);
    setPreviewUrl(URL.createObjectURL(blob));
    setStage('preview');
  };

  const openCamera = async () => {
    setChoiceError(null);
    try {
      if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') throw new Error('no camera');
      // Said before the camera opens: a recording this browser can make would only be refused on Send.
      if (recordingType() === null) {
        setChoiceError(MESSAGES.cameraCannotRecordMp4);
        return;
      }
      stream.current = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
      setStage('camera');
    } catch {
      stopCamera();
      setChoiceError(MESSAGES.cameraNotRecognized);
    }
  };

  useEffect(() => {
    if ((stage === 'camera' || stage === 'recording') && live.current && stream.current) live.current.srcObject = stream.current;
  }, [stage]);

  const startRecording = () => {
    if (!stream.current) return;
    const mimeType = recordingType();
    if (mimeType === null) return;
    const chunks: Blob[] = [];
    const media = new MediaRecorder(stream.current, { mimeType });
    media.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    media.onstop = () => {
      stopCamera();
      take(new Blob(chunks, { type: media.mimeType || mimeType }));
    };
    recorder.current = media;
    media.start(1000);
    setStage('recording');
  };

  const send = useMutation({
    mutationFn: (blob: Blob) => {
      upload.current = new AbortController();
      setProgress(0);
      return api.deliver(type, request.id, blob, setProgress, upload.current.signal);
    },
    onSuccess: (sent) => {
      onSent(sent);
      onClose();
    },
  });

  const close = () => {
    upload.current?.abort();
    if (recorder.current?.state === 'recording') recorder.current.stop();
    stopCamera();
    onClose();
  };

  const reset = () => {
    setVideo(null);
    setPreviewUrl(null);
    send.reset();
    setStage('choose');
  };

  const failure = send.error && !isAbortError(send.error) ? toApiError(send.error).message : null;

  return (
    <Modal open={open} onClose={close} title={recordTitle(type)} size="lg">
      <div className="req-record">
        {stage === 'choose' && (
          <>
            <p className="hd-muted">Record it now with your camera, or choose a video you already have. Any length works.</p>
            <div className="req-record__choices">
              <Button variant="accent" onClick={() => void openCamera()}>
                Record with camera
              </Button>
              <label className="hd-button hd-button--secondary req-record__file">
                Choose a video
                <input
                  type="file"
                  accept="video/mp4,video/quicktime,.mp4,.mov"
                  aria-label="Choose a video"
                  className="hd-visually-hidden"
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    event.target.value = '';
                    if (!file) return;
                    const problem = deliveryVideoProblem(file);
                    setChoiceError(problem);
                    if (!problem) take(file);
                  }}
                />
              </label>
            </div>
            {choiceError && (
              <p className="hd-field__error" role="alert">
                {choiceError}
              </p>
            )}
          </>
        )}
        {(stage === 'camera' || stage === 'recording') && (
          <>
            <video ref={live} className="req-record__video" autoPlay muted playsInline aria-label="Camera" />
            <div className="req-record__choices">
              {stage === 'camera' ? (
                <Button variant="accent" onClick={startRecording}>
                  Start recording
                </Button>
              ) : (
                <Button variant="danger" onClick={() => recorder.current?.stop()}>
                  Stop recording
                </Button>
              )}
              <Button
                variant="secondary"
                disabled={stage === 'recording'}
                onClick={() => {
                  stopCamera();
                  setStage('choose');
                }}
              >
                Back
              </Button>
            </div>
          </>
        )}
        {stage === 'preview' && previewUrl && video && (
          <>
            <video className="req-record__video" src={previewUrl} controls playsInline aria-label="Preview" />
            {send.isPending && <ProgressBar value={progress} label="Uploading the video" />}
            {failure && (
              <p className="hd-field__error" role="alert">
                {failure}
              </p>
            )}
            <div className="req-record__choices">
              <Button variant="accent" loading={send.isPending} onClick={() => send.mutate(video)}>
                Send
              </Button>
              <Button variant="secondary" disabled={send.isPending} onClick={reset}>
                Choose another
              </Button>
            </div>
          </>
        )}
      </div>
    </Modal>
  );
}
