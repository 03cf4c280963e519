import { lazy } from 'react';

// Each screen is its own chunk: none of them is a role's first screen.
export const RequestsScreen = lazy(() => import('./RequestsScreen').then((m) => ({ default: m.RequestsScreen })));
export const NotificationsScreen = lazy(() =>
  import('./NotificationsScreen').then((m) => ({ default: m.NotificationsScreen })),
);
export const VideoChatScreen = lazy(() => import('./VideoChatScreen').then((m) => ({ default: m.VideoChatScreen })));
export const SettingsInfoScreen = lazy(() =>
  import('./SettingsInfoScreen').then((m) => ({ default: m.SettingsInfoScreen })),
);
export const SetupWizard = lazy(() => import('./SetupWizard').then((m) => ({ default: m.SetupWizard })));

export { REQUEST_TABS, requestTabOf, emptyRequestsText, type RequestTab } from './request-tabs';
export { setupStepsFor, setupButtonLabel, type SetupStep } from './setup-steps';
