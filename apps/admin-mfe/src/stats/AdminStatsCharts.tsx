import { Bar, BarChart, CartesianGrid, Cell, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartDatum } from './stats-view';

/* recharts lives in this module alone, which /manage/stats loads lazily: no other screen carries it. */

const BRAND = '#2c4372';
const PALETTE = ['#2c4372', '#f5a524', '#3a8d6e', '#b04a5a', '#6b5ca5', '#4a90b8', '#8a8f98', '#c07a2c'];

function label(data: ChartDatum[]): string {
  return data.map((datum) => `${datum.label} ${datum.value}`).join(', ');
}

/** Users by type: a ring, each type its colour, with its legend beside it. */
export function UsersChart({ data }: { data: ChartDatum[] }) {
  const shown = data.filter((datum) => datum.value > 0);
  return (
    <div className="adm-chart adm-chart--ring" role="img" aria-label={`Users by type: ${label(data)}`}>
      <ResponsiveContainer width="100%" height={200}>
        <PieChart>
          <Pie data={shown} dataKey="value" nameKey="label" innerRadius="55%" outerRadius="85%" paddingAngle={shown.length > 1 ? 2 : 0} isAnimationActive={false}>
            {shown.map((datum) => (
              <Cell key={datum.label} fill={PALETTE[data.indexOf(datum) % PALETTE.length]} />
            ))}
          </Pie>
          <Tooltip />
        </PieChart>
      </ResponsiveContainer>
      <ul className="adm-legend">
        {data.map((datum, index) => (
          <li key={datum.label}>
            <span className="adm-legend__dot" style={{ background: PALETTE[index % PALETTE.length] }} />
            {datum.label} <strong>{datum.value.toLocaleString('en-US')}</strong>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Counts as horizontal bars, one a row (requests by status, by type). */
export function BarsChart({ title, data }: { title: string; data: ChartDatum[] }) {
  return (
    <div className="adm-chart" role="img" aria-label={`${title}: ${label(data)}`}>
      <ResponsiveContainer width="100%" height={Math.max(180, data.length * 30 + 24)}>
        <BarChart data={data} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} tickLine={false} fontSize={12} />
          <YAxis type="category" dataKey="label" width={132} tickLine={false} axisLine={false} fontSize={12} />
          <Tooltip cursor={{ fill: 'rgba(44, 67, 114, 0.08)' }} />
          <Bar dataKey="value" name="Requests" fill={BRAND} radius={[0, 4, 4, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
