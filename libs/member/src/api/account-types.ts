import type { Schemas } from '@huddle/api-client';
import type { SocialLinkType } from '@huddle/domain';

/** Every shape the member screens send or receive, straight from the API's OpenAPI document. */
export type MemberAccount = Schemas['AccountDto'];
export type AthleteLocation = Schemas['LocationDto'];
export type LocationInput = Schemas['LocationInput'];
export type AthleteServices = Schemas['AthleteServicesInput'];
/** POST /user/save-athlete-profile (partial) and /user/finish-registration (complete). */
export type AthleteProfilePayload = Schemas['AthleteRegistrationDto'];
export type FanFinishPayload = Schemas['FanRegistrationDto'];
export type BusinessFinishPayload = Schemas['BusinessRegistrationDto'];
/** PUT /user/accounts. */
export type AccountUpdate = Schemas['UpdateAccountDto'];
/** PATCH /user/accounts: one part of the profile saved alone (photo, intro video, links, request emails). */
export type AccountPatch = Schemas['PatchAccountDto'];
export type GenderCode = NonNullable<AccountUpdate['gender']>;
export type UploadedPhoto = Schemas['UploadPhotoResponse'];
export type ConvertedPhoto = Schemas['ConvertPhotoResponse'];
export type UploadedVideo = Schemas['UploadIntroResponse'];
export type GeocodeResult = Schemas['GeocodeResultDto'];
export type MapsConfig = Schemas['MapConfigResponse'];
export type PlaceLabel = Schemas['PlaceLabelDto'];
export type ReferenceData = Schemas['ReferenceDataResponse'];

/** The five links as the forms edit them: empty strings where unset. */
export type SocialLinks = Record<SocialLinkType, string>;
export type SocialLinkFields = Partial<Record<`${SocialLinkType}_link`, string | null>>;
