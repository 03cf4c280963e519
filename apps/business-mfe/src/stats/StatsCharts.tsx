import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { BusinessStats, SpendingBucket } from './stats-api';
import { formatMoney, STATUS_ROWS, typeLabel } from './stats-view';

/* recharts lives in this module alone, which /stats loads lazily: the business's first screen never carries it. */

const BRAND = '#2c4372';
const ACCENT = '#f5a524';
const MUTED = '#b8425a';

function dollarsTick(value: number): string {
  return value >= 1000 ? `$${Math.round(value / 100) / 10}k` : `$${value}`;
}

/** Spending per week or month (the API's buckets, in the viewer's zone), oldest first. */
export function SpendingChart({ buckets }: { buckets: SpendingBucket[] }) {
  return (
    <div className="bs-chart" role="img" aria-label={`Spending: ${buckets.map((bucket) => `${bucket.label} ${formatMoney(bucket.spent)}`).join(', ')}`}>
      <ResponsiveContainer width="100%" height={240}>
        <BarChart data={buckets} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tickLine={false} interval="preserveStartEnd" minTickGap={12} fontSize={12} />
          <YAxis tickFormatter={dollarsTick} width={52} tickLine={false} axisLine={false} fontSize={12} allowDecimals={false} />
          <Tooltip formatter={(value) => [formatMoney(Number(value)), 'Spent']} cursor={{ fill: 'rgba(44, 67, 114, 0.08)' }} />
          <Bar dataKey="spent" fill={BRAND} radius={[4, 4, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Requests per status, in the order a request goes. */
export function StatusChart({ byStatus }: { byStatus: BusinessStats['by_status'] }) {
  const data = STATUS_ROWS.map((row) => ({ status: row.label, count: byStatus[row.key] }));
  return (
    <div className="bs-chart" role="img" aria-label={`Requests by status: ${data.map((row) => `${row.status} ${row.count}`).join(', ')}`}>
      <ResponsiveContainer width="100%" height={data.length * 32 + 28}>
        <BarChart data={data} layout="vertical" margin={{ top: 0, right: 12, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} tickLine={false} fontSize={12} />
          <YAxis type="category" dataKey="status" width={110} tickLine={false} axisLine={false} fontSize={12} />
          <Tooltip cursor={{ fill: 'rgba(44, 67, 114, 0.08)' }} />
          <Bar dataKey="count" name="Requests" fill={BRAND} radius={[0, 4, 4, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Dollars per type: spent, accepted and rejected side by side. */
export function TypeChart({ byType }: { byType: BusinessStats['by_type'] }) {
  const data = byType.map((row) => ({ type: typeLabel(row.type), spent: row.spent, accepted: row.accepted, rejected: row.rejected }));
  return (
    <div className="bs-chart" role="img" aria-label={`Spent by type: ${data.map((row) => `${row.type} ${formatMoney(row.spent)}`).join(', ')}`}>
      <ResponsiveContainer width="100%" height={Math.max(220, data.length * 40 + 28)}>
        <BarChart data={data} layout="vertical" margin={{ top: 0, right: 12, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" tickFormatter={dollarsTick} tickLine={false} fontSize={12} />
          <YAxis type="category" dataKey="type" width={140} tickLine={false} axisLine={false} fontSize={12} />
          <Tooltip formatter={(value, name) => [formatMoney(Number(value)), name]} cursor={{ fill: 'rgba(44, 67, 114, 0.08)' }} />
          <Legend verticalAlign="top" height={28} iconType="circle" wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="spent" name="Spent" fill={BRAND} radius={[0, 4, 4, 0]} isAnimationActive={false} />
          <Bar dataKey="accepted" name="Accepted" fill={ACCENT} radius={[0, 4, 4, 0]} isAnimationActive={false} />
          <Bar dataKey="rejected" name="Rejected" fill={MUTED} radius={[0, 4, 4, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
