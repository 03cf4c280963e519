import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ErrorCode, toDollars } from '@huddle/domain';
import { adminCounters } from '@huddle/domain/admin';
import { Clock } from '../../common/time/clock';
import { DomainError } from '../../common/errors/domain-error';
import { adminCountersOf, foldDayTotals, UNFOLDED_LIMIT } from './admin-counters.query';
import type { CounterPeriod } from './admin-counters.query';
import type { AdminCountersPayload, AdminCountersQuery } from './dto/admin-counters.dto';

const DAY_MS = 86_400_000;

/** The rolling periods the statistics offer, in days ('all' has no start). */
export const COUNTER_PERIOD_DAYS = { '30d': 30, '90d': 90, '365d': 365 } as const;
export const COUNTER_PERIODS = ['all', ...Object.keys(COUNTER_PERIOD_DAYS)] as const;

function invalid(field: string, message: string): DomainError {
  return new DomainError(ErrorCode.ValidationFailed, message, { [field]: message });
}

/**
 * The period a query names: 'all' (the default), the last 30, 90 or 365 days up to now, or the
 * days from `from` to `to` (UTC calendar days, both included; either may be left open). A named
 * period and dates together, or `to` before `from`, answer 1400.
 */
export function counterPeriod(query: AdminCountersQuery, now: Date): CounterPeriod {
  const dated = query.from !== undefined || query.to !== undefined;
  if (dated && query.period !== undefined) throw invalid('period', 'Choose a period or dates, not both');
  if (dated) {
    const from = query.from === undefined ? null : new Date(`${query.from}T00:00:00Z`);
    const to = query.to === undefined ? null : new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS);
    // A day that does not exist (2021-02-30) is refused, not rolled over into the next month.
    const real = (day: string | undefined, date: Date | null, shift: number) => !date || (!Number.isNaN(date.getTime()) && new Date(date.getTime() - shift).toISOString().slice(0, 10) === day);
    if (!real(query.from, from, 0)) throw invalid('from', 'Must be a date (YYYY-MM-DD)');
    if (!real(query.to, to, DAY_MS)) throw invalid('to', 'Must be a date (YYYY-MM-DD)');
    if (from && to && to.getTime() <= from.getTime()) throw invalid('to', 'Must not be before the start');
    return { from, to };
  }
  const period = query.period ?? 'all';
  if (period === 'all') return { from: null, to: null };
  return { from: new Date(now.getTime() - COUNTER_PERIOD_DAYS[period] * DAY_MS), to: null };
}

/**
 * The statistics tab's numbers: the read model's grouped counts, shaped by libs/domain's rule, and
 * the ledger's money for the same period as payments reports it (ledgerBalances), read from the
 * day totals the database keeps; once many changes piled up there, they are folded after the read.
 */
@Injectable()
export class AdminCountersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  async counters(query: AdminCountersQuery = {}): Promise<AdminCountersPayload> {
    const period = counterPeriod(query, this.clock.now());
    const rows = await adminCountersOf(this.dataSource.manager, period);
    if (rows.unfolded > UNFOLDED_LIMIT) await foldDayTotals(this.dataSource.manager);
    return {
      ...adminCounters(rows),
      period: { from: period.from ? Math.floor(period.from.getTime() / 1000) : null, to: period.to ? Math.floor(period.to.getTime() / 1000) : null },
      money: {
        captured: toDollars(rows.money.captured),
        fees: toDollars(rows.money.fees),
        refunded: toDollars(rows.money.refunded),
        paid_out: toDollars(rows.money.paidOut),
        payable: toDollars(rows.money.payable),
      },
    };
  }
}
