import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { ErrorCode, MESSAGES, profileImageProblem, type UserTypeCode } from '@huddle/domain';
import { ApiError, toApiError } from '@huddle/api-client';
import { AlertDialog, Button, cx, Icon, LoadingView, Modal, ProgressBar } from '@huddle/ui';
import type { UploadedPhoto } from '../api/account-types';
import { useMemberApi } from '../api/hooks';
import { mediaUrl } from '../api/media-url';
import { loadImage } from './crop-canvas';
import { cropStagesFor } from './crop-geometry';
import type { CroppedPhotos } from './CropModal';
import '../member.css';

// The cropper (react-easy-crop) downloads only when a photo has been picked.
const CropModal = lazy(() => import(/* webpackChunkName: "photo-cropper" */ './CropModal'));

const ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';

export interface PhotoFieldProps {
  userType: UserTypeCode;
  /** The stored profile photo (the square), if any. */
  photo: string | null;
  onUploaded: (uploaded: UploadedPhoto) => void;
  error?: string | null;
  label?: string;
  /** Told when an upload starts and ends, so a form can wait for it instead of seeing no photo. */
  onUploadingChange?: (uploading: boolean) => void;
}

/** Spec §8: the upload failures read '... (0)' for the file type and '... (1)' for its size. */
function uploadProblem(error: unknown): string {
  if (error instanceof ApiError && error.code === ErrorCode.UnsupportedMedia) return MESSAGES.imageUploadFailed(0);
  if (error instanceof ApiError && error.code === ErrorCode.PayloadTooLarge) return MESSAGES.imageUploadFailed(1);
  return toApiError(error).message;
}

/**
 * The profile photo: pick a jpg, jpeg or png, crop it ('Crop your photo': an athlete's dashboard
 * rectangle then the square), and upload both with a progress bar (POST /user/upload-photo).
 */
export function PhotoField({ userType, photo, onUploaded, error, label = 'Profile photo', onUploadingChange }: PhotoFieldProps) {
  const api = useMemberApi();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [cropFailure, setCropFailure] = useState<string | null>(null);
  const [broken, setBroken] = useState(false);

  useEffect(() => () => {
    if (picked) URL.revokeObjectURL(picked);
  }, [picked]);
  const uploading = progress !== null;
  useEffect(() => onUploadingChange?.(uploading), [uploading, onUploadingChange]);
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const wrong = profileImageProblem(file);
    setProblem(wrong);
    if (wrong) return;
    // A name and type can lie (a text file named .jpg): only a file the browser can decode opens
    // the cropper; anything else gets spec §8's file-type message instead of a blank canvas.
    const url = URL.createObjectURL(file);
    try {
      await loadImage(url);
    } catch {
      URL.revokeObjectURL(url);
      setProblem(MESSAGES.imageUploadFailed(0));
      return;
    }
    setPicked(url);
  };

  const upload = async ({ photo: square, second_photo }: CroppedPhotos) => {
    setPicked(null);
    setProblem(null);
    setProgress(0);
    try {
      const uploaded = await api.uploadPhoto(square, second_photo, setProgress);
      setPreview(URL.createObjectURL(square));
      setBroken(false);
      onUploaded(uploaded);
    } catch (failure) {
      setProblem(uploadProblem(failure));
    } finally {
      setProgress(null);
    }
  };

  const shown = preview ?? mediaUrl(api.apiBase, photo);
  const message = problem ?? error ?? (broken ? MESSAGES.unableToLoadPhoto : null);

  return (
    <div className={cx('hd-field', message && 'hd-field--invalid')}>
      <span className="hd-field__label" id={`${id}-label`}>
        {label}
      </span>
      <div className="mb-photo">
        <div className="mb-photo__frame">
          {shown && !broken ? (
            <img src={shown} alt="Your profile photo" onError={() => setBroken(true)} />
          ) : (
            <Icon name="user" size={40} />
          )}
        </div>
        <div className="mb-photo__actions">
          <input
            ref={input}
            id={id}
            type="file"
            accept={ACCEPT}
            className="hd-visually-hidden"
            aria-labelledby={`${id}-label`}
            onChange={(event) => void choose(event.target.files?.[0])}
          />
          <Button variant="secondary" size="sm" onClick={() => input.current?.click()} disabled={progress !== null}>
            {shown ? 'Change photo' : 'Choose photo'}
          </Button>
          <span className="hd-field__hint">JPG or PNG</span>
        </div>
      </div>
      {progress !== null && <ProgressBar value={progress} label="Uploading photo" />}
      {message && (
        <p className="hd-field__error" role="alert">
          {message}
        </p>
      )}
      {picked && (
        <Suspense
          fallback={
            <Modal open onClose={() => setPicked(null)} title="Crop your photo">
              <LoadingView label="Opening the cropper" />
            </Modal>
          }
        >
          <CropModal
            imageUrl={picked}
            stages={cropStagesFor(userType)}
            onDone={upload}
            onCancel={() => setPicked(null)}
            onError={(text) => {
              setPicked(null);
              setCropFailure(text);
            }}
          />
        </Suspense>
      )}
      <AlertDialog
        open={cropFailure !== null}
        title="Unable to crop the photo"
        message={cropFailure}
        onClose={() => setCropFailure(null)}
      />
    </div>
  );
}
