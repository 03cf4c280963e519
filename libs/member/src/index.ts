import { lazy } from 'react';

// Each screen is its own chunk: none of them is a role's first screen.
export const NotificationsScreen = lazy(() =>
  import('./NotificationsScreen').then((m) => ({ default: m.NotificationsScreen })),
);
// The video chat (and only it) carries the call; Twilio's SDK is a further chunk fetched for a Twilio call alone.
export const VideoChatScreen = lazy(() =>
  import(/* webpackChunkName: "video-chat" */ './VideoChatScreen').then((m) => ({ default: m.VideoChatScreen })),
);
export const SettingsInfoScreen = lazy(() =>
  import(/* webpackChunkName: "settings-info" */ './settings/SettingsInfoScreen').then((m) => ({ default: m.SettingsInfoScreen })),
);
export const SetupWizard = lazy(() =>
  import(/* webpackChunkName: "setup-wizard" */ './wizard/SetupWizard').then((m) => ({ default: m.SetupWizard })),
);
export const OwnProfileScreen = lazy(() =>
  import(/* webpackChunkName: "own-profile" */ './profile/OwnProfileScreen').then((m) => ({ default: m.OwnProfileScreen })),
);
// The athlete's settings sections; the athlete remote frames them in its own screens.
export const SocialLinksSettings = lazy(() =>
  import(/* webpackChunkName: "athlete-settings" */ './settings/AthleteSettings').then((m) => ({ default: m.SocialLinksSettings })),
);
export const SportsSchoolSettings = lazy(() =>
  import(/* webpackChunkName: "athlete-settings" */ './settings/AthleteSettings').then((m) => ({ default: m.SportsSchoolSettings })),
);
export const ServicesSettings = lazy(() =>
  import(/* webpackChunkName: "athlete-settings" */ './settings/AthleteSettings').then((m) => ({ default: m.ServicesSettings })),
);

export { wizardStepsFor, forwardLabel, previousStep, nextStep } from './wizard/wizard-steps';
export { useOwnAccount, useReferenceData, useMemberApi } from './api/hooks';
export { idsOf } from './wizard/wizard-draft';
export { socialLinksOf } from './forms/social-links';
export { ProfileSummary } from './profile/ProfileSummary';
export { LocationPicker, PlaceField } from './map/LocationPicker';
export type { PickedPlace, PlacePickerProps } from './map/PlacePicker';
export type { MemberAccount, AthleteLocation, ReferenceData } from './api/account-types';
