export const RequestStatus = {
  Pending: 1,
  Accepted: 2,
  Canceled: 3,
  PendingReview: 4,
  Finished: 5,
  InProgress: 6,
} as const;
export type RequestStatusCode = (typeof RequestStatus)[keyof typeof RequestStatus];

export const REQUEST_STATUS_CODES: readonly RequestStatusCode[] = [1, 2, 3, 4, 5, 6];

export const REQUEST_STATUS_LABELS: Record<RequestStatusCode, string> = {
  1: 'Pending',
  2: 'Accepted',
  3: 'Canceled',
  4: 'Pending review',
  5: 'Finished',
  6: 'In progress',
};

/** Display priority: lower shows first (spec §4). */
export const STATUS_PRIORITY: Record<RequestStatusCode, number> = {
  3: 10,
  2: 20,
  5: 30,
  1: 40,
  6: 45,
  4: 60,
};

export function compareByStatusPriority(a: RequestStatusCode, b: RequestStatusCode): number {
  return STATUS_PRIORITY[a] - STATUS_PRIORITY[b];
}

/**
 * Legal status changes. The spec lists them but says the exact table is not shown; these are
 * exactly the listed ones: accept, cancel/decline, delivery (video upload to 4, video chat start
 * to 6) and approval. A video chat in progress finishes through approval of the completed chat,
 * so 6 -> 5 is allowed as well; an administrator may cancel any request still under way (2, 4 or
 * 6 -> 3, the money refunded); nothing leaves Canceled or Finished. Who may take each change is
 * the action table's (request-actions.ts).
 */
export const REQUEST_TRANSITIONS: Readonly<Record<RequestStatusCode, readonly RequestStatusCode[]>> = {
  1: [2, 3],
  2: [4, 6, 5, 3],
  3: [],
  4: [5, 3],
  5: [],
  6: [5, 3],
};

export function canTransition(from: RequestStatusCode, to: RequestStatusCode): boolean {
  return REQUEST_TRANSITIONS[from].includes(to);
}

export function isRequestStatusCode(value: unknown): value is RequestStatusCode {
  return typeof value === 'number' && (REQUEST_STATUS_CODES as readonly number[]).includes(value);
}
