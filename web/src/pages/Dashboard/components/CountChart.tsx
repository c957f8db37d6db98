import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { axisLabel } from './period';

/**
 * One series of the dashboard as bars (recharts; only this route loads it). The bars are a picture:
 * its label says every count, for a screen reader (and for whoever checks the numbers).
 */
export function CountChart({
  labels,
  values,
  color,
  name,
}: {
  labels: string[];
  values: number[];
  color: string;
  name: string;
}) {
  const data = labels.map((label, i) => ({ label: axisLabel(label), value: values[i] ?? 0 }));
  const said = `${name} per period: ${data.map((d) => `${d.label} ${d.value}`).join(', ')}`;
  return (
    <div style={{ width: '100%', height: 200 }} role="img" aria-label={said}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
          <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
          <Tooltip />
          <Bar dataKey="value" name={name} fill={color} radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
