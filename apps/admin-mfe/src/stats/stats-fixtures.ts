import type { AdminCounters } from '../console/admin-console-api';

/** GET /admin/counters as the specs of /manage/stats answer it: every table with something in it. */
export const STATS_COUNTERS: AdminCounters = {
  users_by_type: { '1': 10, '2': 4, '3': 2, '4': 1 },
  uncompleted_profiles_by_type: { '1': 1, '2': 2, '3': 0 },
  requests_by_status: { '1': 3, '2': 1, '3': 0, '4': 0, '5': 7, '6': 0 },
  requests_total: 11,
  paid_pending_total: 125.5,
  paid_pending_by_request_type: { shoutout: 100, camp: 25.5 },
  requests_by_type: { shoutout: 9, camp: 2, endorsement_campaign: 1 },
  period: { from: null, to: null },
  money: { captured: 1500.25, fees: 300.05, refunded: 50, paid_out: 400, payable: 750.2 },
};
