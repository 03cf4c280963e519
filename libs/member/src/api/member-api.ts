import { createApiClient, unwrap, uploadWithProgress } from '@huddle/api-client';
import type { SocialLinkType } from '@huddle/domain';
import type {
  AccountPatch,
  AccountUpdate,
  AthleteProfilePayload,
  AthleteServices,
  BusinessFinishPayload,
  ConvertedPhoto,
  FanFinishPayload,
  LocationInput,
  UploadedPhoto,
  UploadedVideo,
} from './account-types';

export type Progress = (fraction: number) => void;

/** Every accounts call the member screens make (docs/accounts-contract.md), through the typed client. */
export function memberApi(apiBase: string) {
  const api = createApiClient({ baseUrl: apiBase });

  return {
    apiBase,
    getAccount: async () => (await unwrap(api.GET('/user/accounts'))).account,
    getReferenceData: () => unwrap(api.GET('/public/meta/reference-data')),
    updateAccount: async (body: AccountUpdate) => (await unwrap(api.PUT('/user/accounts', { body }))).account,
    /** One part saved alone: the profile form's required fields are not re-sent (an account may have no phone yet). */
    patchAccount: async (body: AccountPatch) => (await unwrap(api.PATCH('/user/accounts', { body }))).account,
    deleteAccount: async () => {
      await unwrap(api.DELETE('/user/accounts/self'));
    },
    removeSocialLink: async (type: SocialLinkType) =>
      (await unwrap(api.DELETE('/user/accounts/links', { params: { query: { type } } }))).account,
    saveAthleteProfile: async (body: AthleteProfilePayload) => (await unwrap(api.POST('/user/save-athlete-profile', { body }))).account,
    finishAthlete: async (body: AthleteProfilePayload) => (await unwrap(api.POST('/user/finish-registration', { body }))).account,
    finishFan: async (body: FanFinishPayload) => (await unwrap(api.POST('/user/fan/finish-registration', { body }))).account,
    finishBusiness: async (body: BusinessFinishPayload) => (await unwrap(api.POST('/user/business/finish-registration', { body }))).account,
    // Uploads go through XMLHttpRequest for their progress events; fetch cannot report them.
    uploadPhoto: (photo: Blob, secondPhoto: Blob | null, onProgress?: Progress, signal?: AbortSignal) => {
      const form = new FormData();
      form.append('photo', photo, 'photo.jpg');
      if (secondPhoto) form.append('second_photo', secondPhoto, 'dashboard-photo.jpg');
      return uploadWithProgress<UploadedPhoto>({ url: `${apiBase}/user/upload-photo`, form, onProgress, signal });
    },
    /** A HEIC photo as JPEG (spec §5), converted by the server for a browser that cannot open it; nothing is stored. */
    convertPhoto: async (photo: File, onProgress?: Progress, signal?: AbortSignal): Promise<Blob> => {
      const form = new FormData();
      form.append('photo', photo, photo.name);
      const { photo: converted } = await uploadWithProgress<ConvertedPhoto>({ url: `${apiBase}/user/convert-photo`, form, onProgress, signal });
      const binary = atob(converted.data_base64);
      const bytes = new Uint8Array(binary.length);
      for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
      return new Blob([bytes], { type: converted.content_type });
    },
    uploadIntro: (video: File, onProgress?: Progress, signal?: AbortSignal) => {
      const form = new FormData();
      form.append('video', video, video.name);
      return uploadWithProgress<UploadedVideo>({ url: `${apiBase}/user/upload-intro`, form, onProgress, signal });
    },
    updateServices: async (body: AthleteServices) => (await unwrap(api.PUT('/athlete/services', { body }))).athlete_services,
    listLocations: async () => (await unwrap(api.GET('/athlete/locations/list'))).locations,
    addLocation: async (body: LocationInput) => (await unwrap(api.POST('/athlete/locations', { body }))).location,
    deleteLocation: async (id: string) => {
      await unwrap(api.DELETE('/athlete/locations', { params: { query: { location_id: id } } }));
    },
    geocode: async (query: string, signal?: AbortSignal) =>
      (await unwrap(api.GET('/maps/geocode', { params: { query: { query } }, signal }))).results,
    mapsConfig: () => unwrap(api.GET('/maps/config')),
    placeLabels: async (box: { south: number; west: number; north: number; east: number; limit: number }, signal?: AbortSignal) =>
      (await unwrap(api.GET('/maps/places', { params: { query: box }, signal }))).places,
  };
}

export type MemberApi = ReturnType<typeof memberApi>;
