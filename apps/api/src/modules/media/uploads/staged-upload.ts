/**
 * A multipart file after StagingStorage received it: a staged local file whose `mimetype` is the
 * type recognised from its content. The route's handler owns it and must delete it.
 */
export interface StagedUpload {
  fieldname: string;
  path: string;
  size: number;
  mimetype: string;
}

export const IMAGE_FIELDS = { photo: 'photo', secondPhoto: 'second_photo' } as const;
export const VIDEO_FIELD = 'video';
