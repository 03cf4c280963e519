import { lazy } from 'react';
import { AdminRequestScreen } from '@huddle/requests';
import type { ScreenMap } from '@huddle/ui';
import { UsersScreen } from './screens/UsersScreen';

// The users list is the administrator's first screen; the others load when first opened.
const UserScreen = lazy(() => import('./screens/UserScreen').then((m) => ({ default: m.UserScreen })));
const AdminStatsScreen = lazy(() => import('./screens/AdminStatsScreen').then((m) => ({ default: m.AdminStatsScreen })));
const PayoutsScreen = lazy(() => import('./screens/PayoutsScreen').then((m) => ({ default: m.PayoutsScreen })));
const SentPayoutsScreen = lazy(() => import('./screens/SentPayoutsScreen').then((m) => ({ default: m.SentPayoutsScreen })));
const MoneyScreen = lazy(() => import('./screens/MoneyScreen').then((m) => ({ default: m.MoneyScreen })));
const PushesScreen = lazy(() => import('./screens/PushesScreen').then((m) => ({ default: m.PushesScreen })));

/** The admin remote's screens for the administrator (4), by domain route pattern. */
export const ADMIN_SCREENS: ScreenMap = {
  '/manage/users': UsersScreen,
  '/manage/user/:id': UserScreen,
  '/manage/request/:id': AdminRequestScreen,
  '/manage/stats': AdminStatsScreen,
  '/manage/payouts': PayoutsScreen,
  '/manage/sent-payouts': SentPayoutsScreen,
  '/manage/money': MoneyScreen,
  '/manage/pushes': PushesScreen,
};
