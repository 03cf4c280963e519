import { lazy } from 'react';
import { AthleteProfileScreen, AthleteServicesScreen, DashboardScreen, WatchScreen } from '@huddle/discovery';
import { NotificationsScreen, SettingsInfoScreen, SetupWizard, VideoChatScreen } from '@huddle/member';
import { AthleteRequestScreen, RequestsScreen } from '@huddle/requests';
import type { ScreenMap } from '@huddle/ui';

const LockerRoomScreen = lazy(() => import('./screens/LockerRoomScreen').then((m) => ({ default: m.LockerRoomScreen })));
const AthleteOwnProfileScreen = lazy(() =>
  import('./screens/AthleteOwnProfileScreen').then((m) => ({ default: m.AthleteOwnProfileScreen })),
);
const SocialLinksScreen = lazy(() => import('./screens/AthleteSettingsScreens').then((m) => ({ default: m.SocialLinksScreen })));
const SurveyScreen = lazy(() => import('./screens/AthleteSettingsScreens').then((m) => ({ default: m.SurveyScreen })));
const ServicesScreen = lazy(() => import('./screens/AthleteSettingsScreens').then((m) => ({ default: m.ServicesScreen })));
const CalendarScreen = lazy(() => import(/* webpackChunkName: "calendar" */ './calendar/CalendarScreen').then((m) => ({ default: m.CalendarScreen })));
const PayoutsScreen = lazy(() => import(/* webpackChunkName: "payouts" */ './payouts/PayoutsScreen').then((m) => ({ default: m.PayoutsScreen })));

/** The athlete remote's screens for athletes (2) and incomplete athletes (12), by domain route pattern. */
export const ATHLETE_SCREENS: ScreenMap = {
  '/dashboard': DashboardScreen,
  '/@:id': AthleteProfileScreen,
  '/p/@:id': AthleteServicesScreen,
  '/watch/:token': WatchScreen,
  '/locker-room': LockerRoomScreen,
  '/calendar': CalendarScreen,
  '/requests': RequestsScreen,
  '/request/:id': AthleteRequestScreen,
  '/notifications': NotificationsScreen,
  '/profile': AthleteOwnProfileScreen,
  '/settings/info': SettingsInfoScreen,
  '/settings/links': SocialLinksScreen,
  '/settings/survey': SurveyScreen,
  '/settings/services': ServicesScreen,
  '/settings/payouts': PayoutsScreen,
  '/chat/:id': VideoChatScreen,
  '/signup': SetupWizard,
};
