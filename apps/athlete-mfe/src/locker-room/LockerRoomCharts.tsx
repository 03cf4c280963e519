import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { EarningsBucket, LockerRoom } from './locker-room-api';
import { formatMoney, typeLabel } from './locker-room-view';

/* recharts lives in this module alone, which the locker room loads lazily: no other screen carries it. */

const BRAND = '#2c4372';
const ACCENT = '#f5a524';

function dollarsTick(value: number): string {
  return value >= 1000 ? `$${Math.round(value / 100) / 10}k` : `$${value}`;
}

/** Earnings per week or month (the API's buckets, in the viewer's zone), oldest first. */
export function EarningsChart({ buckets }: { buckets: EarningsBucket[] }) {
  return (
    <div className="lr-chart" role="img" aria-label={`Earnings: ${buckets.map((bucket) => `${bucket.label} ${formatMoney(bucket.earnings)}`).join(', ')}`}>
      <ResponsiveContainer width="100%" height={240}>
        <BarChart data={buckets} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tickLine={false} interval="preserveStartEnd" minTickGap={12} fontSize={12} />
          <YAxis tickFormatter={dollarsTick} width={52} tickLine={false} axisLine={false} fontSize={12} allowDecimals={false} />
          <Tooltip formatter={(value) => [formatMoney(Number(value)), 'Earned']} cursor={{ fill: 'rgba(44, 67, 114, 0.08)' }} />
          <Bar dataKey="earnings" fill={BRAND} radius={[4, 4, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Requests per type, every status, with the pending ones beside them. */
export function RequestsByTypeChart({ byType }: { byType: LockerRoom['requests']['by_type'] }) {
  const data = byType.map((row) => ({ type: typeLabel(row.type), total: row.total, pending: row.pending }));
  return (
    <div className="lr-chart" role="img" aria-label={`Requests by type: ${data.map((row) => `${row.type} ${row.total}`).join(', ')}`}>
      <ResponsiveContainer width="100%" height={Math.max(220, data.length * 32 + 28)}>
        <BarChart data={data} layout="vertical" margin={{ top: 0, right: 12, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} tickLine={false} fontSize={12} />
          <YAxis type="category" dataKey="type" width={140} tickLine={false} axisLine={false} fontSize={12} />
          <Tooltip cursor={{ fill: 'rgba(44, 67, 114, 0.08)' }} />
          <Legend verticalAlign="top" height={28} iconType="circle" wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="total" name="All" fill={BRAND} radius={[0, 4, 4, 0]} isAnimationActive={false} />
          <Bar dataKey="pending" name="Pending" fill={ACCENT} radius={[0, 4, 4, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
