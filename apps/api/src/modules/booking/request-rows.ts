import type { EntityManager } from 'typeorm';
import { RequestStatus } from '@huddle/domain';
import type { RequestStatusCode, ServiceType } from '@huddle/domain';
import { RequestEntity } from './entities/request.entity';
import type { RequestDetails } from './entities/request.entity';

/**
 * A request's row in plain SQL, for the booking's hot paths (issue 24): the read of a request, its
 * lock, the request core's write and an athlete's incoming list run on every booking call, and
 * TypeORM's query building and entity hydration cost more CPU there than the statements
 * themselves. The statements are exported as they run, so the booking benchmark's bare-driver
 * baseline runs these very texts (tools/bench/booking-bare.mjs) instead of a copy.
 *
 * The columns are the entity's selected ones (RequestEntity's payout rollups are `select: false`
 * and stay out); `requestFromRow` maps them as TypeORM would (pg already gives numbers, dates,
 * jsonb objects; order_number is a bigint, a string).
 */
const COLUMNS = [
  'id',
  'order_number',
  'type',
  'status',
  'athlete_id',
  'requester_id',
  'name',
  'request_amount_cents',
  'amount_to_athlete_cents',
  'fee_amount_cents',
  'paid',
  'paid_id',
  'accepted_at',
  'expiration_time',
  'authorised',
  'reviewed',
  'social_media_platform',
  'endorsement_campaign_id',
  'details',
  'start_at',
  'end_at',
  'paid_at',
  'delivered_at',
  'flagged_at',
  'video_chat_completed',
  'chat_started_at',
  'disclosure_acknowledged_at',
  'finished_at',
  'created_at',
  'updated_at',
].join(', ');

export const REQUEST_SQL = {
  /**
   * A new single-athlete booking, unpaid (paid, authorised and reviewed take their defaults), answered
   * whole: the order number is the database's, so the row comes back rather than being read again.
   */
  insert: `INSERT INTO requests (type, status, athlete_id, requester_id, name, request_amount_cents, amount_to_athlete_cents, fee_amount_cents,
             social_media_platform, details, start_at, end_at, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING ${COLUMNS}`,
  /** A new booking's first history entry: the requester created it, pending. */
  created: `INSERT INTO request_history (request_id, action, actor_party, actor_id, from_status, to_status, created_at) VALUES ($1, 'create', 'requester', $2, NULL, 1, $3)`,
  /** The provider released the card hold: `authorised` cleared where it was set (RequestCoreService.holdReleased). */
  holdReleased: `UPDATE requests SET authorised = false, updated_at = CURRENT_TIMESTAMP WHERE id = $1 AND authorised`,
  byId: `SELECT ${COLUMNS} FROM requests WHERE id = $1`,
  /** The row the request core changes, locked until its transaction ends. */
  lockById: `SELECT ${COLUMNS} FROM requests WHERE id = $1 FOR UPDATE`,
  /** What the request core changes (RequestCoreService.save): the row is locked and already read. */
  update: `UPDATE requests SET status = $2, paid = $3, authorised = $4, paid_at = $5, paid_id = $6, expiration_time = $7, accepted_at = $8,
             delivered_at = $9, reviewed = $10, flagged_at = $11, video_chat_completed = $12, finished_at = $13,
             disclosure_acknowledged_at = $14, chat_started_at = $15, details = $16, updated_at = CURRENT_TIMESTAMP
           WHERE id = $1`,
  /** An athlete's paid incoming requests in these statuses, the latest change first: one page. */
  athletePage: `SELECT ${COLUMNS} FROM requests
                 WHERE athlete_id = $1 AND paid AND status = ANY($2::smallint[])
                 ORDER BY updated_at DESC, id DESC LIMIT $3 OFFSET $4`,
  athleteCount: `SELECT count(*)::int AS total FROM requests WHERE athlete_id = $1 AND paid AND status = ANY($2::smallint[])`,
} as const;

interface RequestRow {
  id: string;
  order_number: string;
  type: ServiceType;
  status: RequestStatusCode;
  athlete_id: string;
  requester_id: string;
  name: string;
  request_amount_cents: number;
  amount_to_athlete_cents: number;
  fee_amount_cents: number;
  paid: boolean;
  paid_id: string | null;
  accepted_at: Date | null;
  expiration_time: Date | null;
  authorised: boolean;
  reviewed: boolean;
  social_media_platform: string | null;
  endorsement_campaign_id: string | null;
  details: RequestDetails;
  start_at: Date | null;
  end_at: Date | null;
  paid_at: Date | null;
  delivered_at: Date | null;
  flagged_at: Date | null;
  video_chat_completed: boolean;
  chat_started_at: Date | null;
  disclosure_acknowledged_at: Date | null;
  finished_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export function requestFromRow(row: RequestRow): RequestEntity {
  return Object.assign(new RequestEntity(), {
    id: row.id,
    orderNumber: row.order_number,
    type: row.type,
    status: row.status,
    athleteId: row.athlete_id,
    requesterId: row.requester_id,
    name: row.name,
    requestAmountCents: row.request_amount_cents,
    amountToAthleteCents: row.amount_to_athlete_cents,
    feeAmountCents: row.fee_amount_cents,
    paid: row.paid,
    paidId: row.paid_id,
    acceptedAt: row.accepted_at,
    expirationTime: row.expiration_time,
    authorised: row.authorised,
    reviewed: row.reviewed,
    socialMediaPlatform: row.social_media_platform,
    endorsementCampaignId: row.endorsement_campaign_id,
    details: row.details,
    startAt: row.start_at,
    endAt: row.end_at,
    paidAt: row.paid_at,
    deliveredAt: row.delivered_at,
    flaggedAt: row.flagged_at,
    videoChatCompleted: row.video_chat_completed,
    chatStartedAt: row.chat_started_at,
    disclosureAcknowledgedAt: row.disclosure_acknowledged_at,
    finishedAt: row.finished_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
}

/**
 * The paid requests a deleted account's closing may end, oldest first: those still waiting for an
 * answer (pending) it takes part in, as athlete or requester, and its accepted ones as athlete
 * (athlete_gone decides which have not started yet).
 */
export async function requestsClosingWith(manager: EntityManager, accountId: string): Promise<Array<{ id: string; athlete_id: string }>> {
  return manager.query(
    `SELECT id, athlete_id FROM requests
      WHERE paid AND ((athlete_id = $1 AND status IN (${RequestStatus.Pending}, ${RequestStatus.Accepted})) OR (requester_id = $1 AND status = ${RequestStatus.Pending}))
      ORDER BY created_at, id`,
    [accountId],
  );
}

/** What a new booking's row is made of; the rest takes the table's defaults. */
export interface NewRequest {
  type: ServiceType;
  athleteId: string;
  requesterId: string;
  name: string;
  requestAmountCents: number;
  amountToAthleteCents: number;
  feeAmountCents: number;
  socialMediaPlatform: string | null;
  details: RequestDetails;
  startAt: Date | null;
  endAt: Date | null;
  createdAt: Date;
}

/** Inserts a pending, unpaid booking in the caller's transaction and answers it as stored. */
export async function insertRequest(manager: EntityManager, request: NewRequest): Promise<RequestEntity> {
  const [row]: RequestRow[] = await manager.query(REQUEST_SQL.insert, [
    request.type,
    RequestStatus.Pending,
    request.athleteId,
    request.requesterId,
    request.name,
    request.requestAmountCents,
    request.amountToAthleteCents,
    request.feeAmountCents,
    request.socialMediaPlatform,
    request.details,
    request.startAt,
    request.endAt,
    request.createdAt,
  ]);
  return requestFromRow(row);
}

/** The request, or null: through the caller's transaction when `manager` is one. */
export async function requestById(manager: EntityManager, requestId: string): Promise<RequestEntity | null> {
  const rows: RequestRow[] = await manager.query(REQUEST_SQL.byId, [requestId]);
  return rows[0] ? requestFromRow(rows[0]) : null;
}

/** The request locked in the caller's transaction (SELECT ... FOR UPDATE), or null. */
export async function lockedRequest(manager: EntityManager, requestId: string): Promise<RequestEntity | null> {
  const rows: RequestRow[] = await manager.query(REQUEST_SQL.lockById, [requestId]);
  return rows[0] ? requestFromRow(rows[0]) : null;
}

/** Writes the fields the request core changes, by primary key. */
export async function writeRequest(manager: EntityManager, request: RequestEntity): Promise<void> {
  await manager.query(REQUEST_SQL.update, [
    request.id,
    request.status,
    request.paid,
    request.authorised,
    request.paidAt,
    request.paidId,
    request.expirationTime,
    request.acceptedAt,
    request.deliveredAt,
    request.reviewed,
    request.flaggedAt,
    request.videoChatCompleted,
    request.finishedAt,
    request.disclosureAcknowledgedAt,
    request.chatStartedAt,
    request.details,
  ]);
}

/**
 * One page of an athlete's paid incoming requests in `statuses`, and how many there are in all:
 * counted only when the page cannot tell (a full page, or an empty one past the first), as
 * TypeORM's getManyAndCount did, so a short pending list costs one statement and a long history
 * is never read whole to count it.
 */
export async function athleteRequestPage(
  manager: EntityManager,
  athleteId: string,
  statuses: readonly number[],
  limit: number,
  offset: number,
): Promise<{ rows: RequestEntity[]; total: number }> {
  const rows: RequestRow[] = await manager.query(REQUEST_SQL.athletePage, [athleteId, statuses, limit, offset]);
  if (rows.length < limit && (rows.length > 0 || offset === 0)) return { rows: rows.map(requestFromRow), total: offset + rows.length };
  const [{ total }]: Array<{ total: number }> = await manager.query(REQUEST_SQL.athleteCount, [athleteId, statuses]);
  return { rows: rows.map(requestFromRow), total };
}
