import { lazy } from 'react';
import { BookingFormScreen } from '@huddle/booking';
import { CampaignFormScreen } from '@huddle/booking/campaign';
import { AthleteProfileScreen, AthleteServicesScreen, DashboardScreen, WatchScreen } from '@huddle/discovery';
import { NotificationsScreen, OwnProfileScreen, SettingsInfoScreen, SetupWizard, VideoChatScreen } from '@huddle/member';
import { RequesterRequestScreen, RequestsScreen } from '@huddle/requests';
import type { ScreenMap } from '@huddle/ui';

const StatsScreen = lazy(() => import('./screens/StatsScreen').then((m) => ({ default: m.StatsScreen })));

/** The business remote's screens for businesses (3) and incomplete businesses (13), by domain route pattern. */
export const BUSINESS_SCREENS: ScreenMap = {
  '/dashboard': DashboardScreen,
  '/stats': StatsScreen,
  '/@:id': AthleteProfileScreen,
  '/p/@:id': AthleteServicesScreen,
  '/watch/:token': WatchScreen,
  '/request-form/:id/:type': BookingFormScreen,
  '/request-form/b/endorsement_campaign': CampaignFormScreen,
  '/requests': RequestsScreen,
  '/request/:id': RequesterRequestScreen,
  '/notifications': NotificationsScreen,
  '/profile': OwnProfileScreen,
  '/settings/info': SettingsInfoScreen,
  '/chat/:id': VideoChatScreen,
  '/signup': SetupWizard,
};
