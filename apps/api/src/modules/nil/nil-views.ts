import { toDollars } from '@huddle/domain';
import { nilBusinessDaysLeft, nilPacketFilename } from '@huddle/domain/nil';
import type { NilPacketSource } from '@huddle/domain/nil';
import type { NilDisclosureDto } from './dto/nil.dto';
import { payorOf } from './nil-disclosures.service';
import type { NilDisclosureRow } from './nil-disclosures.service';

/** A record as the athlete's routes answer it: dollars, the countdown on New York's clock at `now`. */
export function nilDisclosureView(row: NilDisclosureRow, now: Date): NilDisclosureDto {
  const payor = payorOf(row);
  return {
    id: row.id,
    request_id: row.request_id,
    request_type: row.request_type,
    payor: { kind: payor.kind, name: payor.name, company: payor.company ? { ...payor.company, address: payor.company.address ?? null } : null },
    amount: toDollars(row.amount_cents),
    platform_fee: toDollars(row.fee_cents),
    athlete_net: toDollars(row.athlete_net_cents),
    agreed_at: new Date(row.agreed_at).toISOString(),
    obligations: row.obligations,
    payor_total: toDollars(row.payor_total_cents),
    flagged: row.flagged,
    report_by: row.report_by,
    business_days_left: row.flagged && row.report_by && !row.reported_on ? nilBusinessDaysLeft(row.report_by, now) : null,
    reported_on: row.reported_on,
    nil_go_status: row.nil_go_status,
    void: row.void,
    packet_filename: nilPacketFilename(new Date(row.agreed_at), row.payor_name),
  };
}

/** The packet's source: the view and the athlete's name (nilPacketFields turns it into the packet's lines). */
export function nilPacketSource(view: NilDisclosureDto, athleteName: string): NilPacketSource {
  return { ...view, athlete_name: athleteName };
}
