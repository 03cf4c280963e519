import { BookingFormScreen } from '@huddle/booking';
import { AthleteProfileScreen, AthleteServicesScreen, DashboardScreen, WatchScreen } from '@huddle/discovery';
import { NotificationsScreen, OwnProfileScreen, SettingsInfoScreen, SetupWizard, VideoChatScreen } from '@huddle/member';
import { RequesterRequestScreen, RequestsScreen } from '@huddle/requests';
import type { ScreenMap } from '@huddle/ui';

/** The fan remote's screens for guests (0), fans (1) and incomplete fans (11), by domain route pattern. */
export const FAN_SCREENS: ScreenMap = {
  '/dashboard': DashboardScreen,
  '/@:id': AthleteProfileScreen,
  '/p/@:id': AthleteServicesScreen,
  '/watch/:token': WatchScreen,
  '/request-form/:id/:type': BookingFormScreen,
  '/requests': RequestsScreen,
  '/request/:id': RequesterRequestScreen,
  '/notifications': NotificationsScreen,
  '/profile': OwnProfileScreen,
  '/settings/info': SettingsInfoScreen,
  '/chat/:id': VideoChatScreen,
  '/signup': SetupWizard,
};
