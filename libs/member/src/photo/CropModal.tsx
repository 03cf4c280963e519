import { useCallback, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { Button, Modal } from '@huddle/ui';
import { cropButtonLabel, type CropStage } from './crop-geometry';
import { loadImage, renderCrop } from './crop-canvas';
// The cropper's own stylesheet, bundled: its automatic <style> injection is off, since the shell's
// Content-Security-Policy refuses inline style elements.
import 'react-easy-crop/react-easy-crop.css';
import '../member.css';

export interface CroppedPhotos {
  photo: Blob;
  second_photo: Blob | null;
}

export interface CropModalProps {
  /** An object URL of the picked image. */
  imageUrl: string;
  stages: readonly CropStage[];
  onDone: (photos: CroppedPhotos) => void;
  onCancel: () => void;
  onError: (message: string) => void;
}

const MIN_ZOOM = 1;
const MAX_ZOOM = 3;

/**
 * 'Crop your photo' (spec §2, §5): one crop per stage (an athlete's dashboard rectangle, then the
 * square), Next between stages and Finish on the last. Loaded on demand with react-easy-crop.
 */
export default function CropModal({ imageUrl, stages, onDone, onCancel, onError }: CropModalProps) {
  const [stageIndex, setStageIndex] = useState(0);
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [outputs, setOutputs] = useState<Partial<Record<CropStage['field'], Blob>>>({});
  const [working, setWorking] = useState(false);
  const stage = stages[stageIndex];
  const onCropComplete = useCallback((_: Area, pixels: Area) => setArea(pixels), []);

  if (!stage) return null;

  const next = async () => {
    if (!area) return;
    setWorking(true);
    try {
      const image = await loadImage(imageUrl);
      const blob = await renderCrop(image, area, stage);
      const collected = { ...outputs, [stage.field]: blob };
      if (stageIndex < stages.length - 1) {
        setOutputs(collected);
        setStageIndex(stageIndex + 1);
        setCrop({ x: 0, y: 0 });
        setZoom(1);
        setArea(null);
        setWorking(false);
        return;
      }
      const photo = collected.photo;
      if (!photo) throw new Error('The square photo is missing');
      onDone({ photo, second_photo: collected.second_photo ?? null });
    } catch (error) {
      setWorking(false);
      // Spec §8: a crop failure is reported in an alert with the error.
      onError(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Modal
      open
      onClose={working ? () => undefined : onCancel}
      title="Crop your photo"
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={working}>
            Cancel
          </Button>
          <Button onClick={next} loading={working} disabled={!area}>
            {cropButtonLabel(stageIndex, stages.length)}
          </Button>
        </>
      }
    >
      <div className="mb-crop">
        <p className="mb-crop__stage">
          <strong>{stage.title}</strong>
          {stages.length > 1 && (
            <span className="hd-muted">
              {' '}
              · {stageIndex + 1} of {stages.length}
            </span>
          )}
        </p>
        <div className="mb-crop__area">
          <Cropper
            key={stage.field}
            image={imageUrl}
            crop={crop}
            zoom={zoom}
            minZoom={MIN_ZOOM}
            maxZoom={MAX_ZOOM}
            aspect={stage.aspect}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={onCropComplete}
            showGrid
            disableAutomaticStylesInjection
          />
        </div>
        <label className="mb-crop__zoom">
          <span>Zoom</span>
          <input
            type="range"
            min={MIN_ZOOM}
            max={MAX_ZOOM}
            step={0.05}
            value={zoom}
            onChange={(event) => setZoom(Number(event.target.value))}
          />
        </label>
        <p className="hd-field__hint">
          Drag to position. The photo is saved at {stage.width}×{stage.height}.
        </p>
      </div>
    </Modal>
  );
}
