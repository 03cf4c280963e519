import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { ErrorCode, isConvertedImage, MESSAGES, PROFILE_IMAGE_ACCEPT, profileImageProblem, type UserTypeCode } from '@huddle/domain';
import { ApiError, mediaUrl, toApiError } from '@huddle/api-client';
import { AlertDialog, Icon, LoadingView, Modal } from '@huddle/ui';
import { FileUploadField } from '@huddle/ui/file-upload';
import type { UploadedPhoto } from '../api/account-types';
import { useMemberApi } from '../api/hooks';
import { loadImage } from './crop-canvas';
import { cropStagesFor } from './crop-geometry';
import type { CroppedPhotos } from './CropModal';
import '../member.css';

// The cropper (react-easy-crop) downloads only when a photo has been picked.
const CropModal = lazy(() => import(/* webpackChunkName: "photo-cropper" */ './CropModal'));

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

/** Whether this browser can decode the image (Safari opens HEIC, Chromium and Firefox do not). */
async function decodes(image: Blob): Promise<boolean> {
  const url = URL.createObjectURL(image);
  try {
    await loadImage(url);
    return true;
  } catch {
    return false;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * The profile photo: pick a jpg, jpeg, png or HEIC, crop it ('Crop your photo': an athlete's
 * dashboard rectangle then the square), and upload both with a progress bar (POST /user/upload-photo).
 */
export function PhotoField({ userType, photo, onUploaded, error, label = 'Profile photo', onUploadingChange }: PhotoFieldProps) {
  const api = useMemberApi();
  const [picked, setPicked] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [cropFailure, setCropFailure] = useState<string | null>(null);
  const [broken, setBroken] = useState(false);
  // HEIC photos this browser cannot open, as the server converted them, for the cropper; and the
  // conversion under way, stopped when another photo is chosen or the field goes away.
  const converted = useRef(new WeakMap<File, Blob>());
  const conversion = useRef<AbortController | null>(null);
  useEffect(() => () => conversion.current?.abort(), []);

  useEffect(() => () => {
    if (picked) URL.revokeObjectURL(picked);
  }, [picked]);
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

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

  /**
   * A chosen file's problem before the cropper opens: its name and type (the domain's rule), then
   * whether the browser can decode it at all. A name and type can lie (a text file named .jpg):
   * only a decodable image opens the cropper, anything else gets spec §8's file-type message. A
   * HEIC photo the browser cannot open is converted to JPEG by the server first (spec §5).
   */
  const photoProblem = async (file: File): Promise<string | null> => {
    conversion.current?.abort();
    const wrong = profileImageProblem(file);
    if (wrong) return wrong;
    if (await decodes(file)) return null;
    if (!isConvertedImage(file)) return MESSAGES.imageUploadFailed(0);
    const controller = new AbortController();
    conversion.current = controller;
    try {
      converted.current.set(file, await api.convertPhoto(file, undefined, controller.signal));
      return null;
    } catch (failure) {
      return uploadProblem(failure);
    }
  };

  const shown = preview ?? mediaUrl(api.apiBase, photo);

  return (
    <FileUploadField
      label={label}
      accept={PROFILE_IMAGE_ACCEPT}
      noun="photo"
      hint="JPG, PNG or HEIC"
      hasFile={Boolean(shown)}
      preview={
        <div className="mb-photo__frame">
          {shown && !broken ? <img src={shown} alt="Your profile photo" onError={() => setBroken(true)} /> : <Icon name="user" size={40} />}
        </div>
      }
      check={photoProblem}
      onAccepted={(file) => {
        setProblem(null);
        setPicked(URL.createObjectURL(converted.current.get(file) ?? file));
        converted.current.delete(file);
      }}
      progress={progress}
      error={problem ?? error ?? (broken ? MESSAGES.unableToLoadPhoto : null)}
      onBusyChange={onUploadingChange}
    >
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
      <AlertDialog open={cropFailure !== null} title="Unable to crop the photo" message={cropFailure} onClose={() => setCropFailure(null)} />
    </FileUploadField>
  );
}
