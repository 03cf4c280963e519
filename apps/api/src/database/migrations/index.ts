import { CreateAuthTables1763769600000 } from './1763769600000-create-auth-tables';
import { CreateCatalogue1763769700000 } from './1763769700000-create-catalogue';
import { CreateAccountProfiles1763769800000 } from './1763769800000-create-account-profiles';
import { CreateMediaObjects1763769900000 } from './1763769900000-create-media-objects';
import { CreateRequestsAndReviews1763770000000 } from './1763770000000-create-requests-and-reviews';
import { AthleteDiscovery1763770100000 } from './1763770100000-athlete-discovery';
import { CreateRateLimitCounters1763770200000 } from './1763770200000-create-rate-limit-counters';
import { DurableJobs1763770390000 } from './1763770390000-durable-jobs';
import { PaymentsLedger1763770500000 } from './1763770500000-payments-ledger';
import { BookingCore1763770600000 } from './1763770600000-booking-core';
import { ShareLinks1763770700000 } from './1763770700000-share-links';
import { Notifications1763770800000 } from './1763770800000-notifications';
import { Campaigns1763770900000 } from './1763770900000-campaigns';
import { VideoChat1763771000000 } from './1763771000000-video-chat';
import { PhotoVariants1763771100000 } from './1763771100000-photo-variants';
import { MoneyTrue1763771200000 } from './1763771200000-money-true';
import { Payouts1763771300000 } from './1763771300000-payouts';
import { RestrictedMedia1763771500000 } from './1763771500000-restricted-media';
import { ReconciliationRuns1763771600000 } from './1763771600000-reconciliation-runs';
import { TransfersPerCharge1763771700000 } from './1763771700000-transfers-per-charge';
import { AdminConsole1763771750000 } from './1763771750000-admin-console';
import { CustomPushes1763771800000 } from './1763771800000-custom-pushes';
import { AthleteCalendar1763771900000 } from './1763771900000-athlete-calendar';
import { AdminStatsPeriod1763772050000 } from './1763772050000-admin-stats-period';
import { NilDisclosures1763772270000 } from './1763772270000-nil-disclosures';
import { CountersAtScale1763772350000 } from './1763772350000-counters-at-scale';
import { BusinessExports1763772450000 } from './1763772450000-business-exports';
import { RequestMoneyColumns1763772550000 } from './1763772550000-request-money-columns';
import { PartyTotals1763772650000 } from './1763772650000-party-totals';
import { AdminMonthTotals1763772750000 } from './1763772750000-admin-month-totals';
import { UnloggedRateLimitCounters1763772850000 } from './1763772850000-unlogged-rate-limit-counters';
import { RequesterAthletesRanked1763772950000 } from './1763772950000-requester-athletes-ranked';

/** Every migration, oldest first. Classes, not globs, so the list survives bundling and tests. */
export const MIGRATIONS = [
  CreateAuthTables1763769600000,
  CreateCatalogue1763769700000,
  CreateAccountProfiles1763769800000,
  CreateMediaObjects1763769900000,
  CreateRequestsAndReviews1763770000000,
  AthleteDiscovery1763770100000,
  CreateRateLimitCounters1763770200000,
  DurableJobs1763770390000,
  PaymentsLedger1763770500000,
  BookingCore1763770600000,
  ShareLinks1763770700000,
  Notifications1763770800000,
  Campaigns1763770900000,
  VideoChat1763771000000,
  PhotoVariants1763771100000,
  MoneyTrue1763771200000,
  Payouts1763771300000,
  RestrictedMedia1763771500000,
  ReconciliationRuns1763771600000,
  TransfersPerCharge1763771700000,
  AdminConsole1763771750000,
  CustomPushes1763771800000,
  AthleteCalendar1763771900000,
  AdminStatsPeriod1763772050000,
  NilDisclosures1763772270000,
  CountersAtScale1763772350000,
  BusinessExports1763772450000,
  RequestMoneyColumns1763772550000,
  PartyTotals1763772650000,
  AdminMonthTotals1763772750000,
  UnloggedRateLimitCounters1763772850000,
  RequesterAthletesRanked1763772950000,
];
