import { LIMITS, UserType, type UserTypeCode } from '@huddle/domain';

export interface CropStage {
  /** Which upload field the output goes to: photo (square) or second_photo (dashboard rectangle). */
  field: 'photo' | 'second_photo';
  title: string;
  aspect: number;
  width: number;
  height: number;
}

const DASHBOARD: CropStage = {
  field: 'second_photo',
  title: 'Dashboard photo',
  aspect: LIMITS.crop.dashboard.aspect,
  width: LIMITS.crop.dashboard.width,
  height: LIMITS.crop.dashboard.height,
};

const SQUARE: CropStage = {
  field: 'photo',
  title: 'Your profile photo',
  aspect: LIMITS.crop.profile.aspect,
  width: LIMITS.crop.profile.width,
  height: LIMITS.crop.profile.height,
};

/** Spec §5, Photo crop: an athlete crops the 8:11 dashboard photo, then the square; others the square only. */
export function cropStagesFor(userType: UserTypeCode): readonly CropStage[] {
  return userType === UserType.Athlete ? [DASHBOARD, SQUARE] : [SQUARE];
}

/** 'Next' between the crops, 'Finish' on the last (spec §5). */
export function cropButtonLabel(stage: number, count: number): 'Next' | 'Finish' {
  return stage >= count - 1 ? 'Finish' : 'Next';
}

export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DrawArgs {
  source: PixelArea;
  target: PixelArea;
}

/**
 * How the chosen area of an image of `natural` size draws onto an output of `output` size. The
 * cropper may report an area past the image's edges (zoomed out); only the part inside the image
 * is copied, to the matching part of the output, and the rest of the output stays as background.
 */
export function cropDrawArgs(area: PixelArea, natural: { width: number; height: number }, output: { width: number; height: number }): DrawArgs {
  const scaleX = output.width / area.width;
  const scaleY = output.height / area.height;
  const left = Math.max(0, area.x);
  const top = Math.max(0, area.y);
  const right = Math.min(natural.width, area.x + area.width);
  const bottom = Math.min(natural.height, area.y + area.height);
  const source = { x: left, y: top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
  const target = {
    x: (left - area.x) * scaleX,
    y: (top - area.y) * scaleY,
    width: source.width * scaleX,
    height: source.height * scaleY,
  };
  return { source, target };
}
