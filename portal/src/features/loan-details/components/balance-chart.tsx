import { LineChart } from '@mui/x-charts/LineChart';
import { formatUsd, formatUsDate } from '@portal/domain';

/** One line of the chart: a balance in cents (as the API client parses it) by date 'YYYY-MM-DD'. */
export interface BalanceSeries {
  id: string;
  label: string;
  points: readonly { Date: string; Balance: number }[];
  dashed?: boolean;
}

// The chart's axis ticks are its own round numbers, which need not be whole cents.
const money = (cents: number | null) => (cents === null ? '' : formatUsd(Math.round(cents)));
const toDate = (date: string) => new Date(`${date}T00:00:00Z`);

/**
 * The balance over time (loaded only with the loan page's balance section: the chart library is
 * this chunk's). The chart is a picture for sighted users; the section's table carries the same
 * figures for everyone else, so the chart is hidden from assistive technology.
 */
export default function BalanceChart(props: { series: readonly BalanceSeries[] }) {
  const dates = [...new Set(props.series.flatMap((line) => line.points.map((p) => p.Date)))].sort();
  const series = props.series.map((line) => {
    const byDate = new Map(line.points.map((point) => [point.Date, point.Balance]));
    return {
      id: line.id,
      label: line.label,
      data: dates.map((date) => byDate.get(date) ?? null),
      showMark: false,
      valueFormatter: money,
    };
  });
  return (
    <div aria-hidden="true">
      <LineChart
        height={300}
        // Room for the last date's label, which the chart otherwise cuts ('01/01…').
        margin={{ right: 36 }}
        skipAnimation
        disableKeyboardNavigation
        xAxis={[
          {
            data: dates.map(toDate),
            scaleType: 'time',
            valueFormatter: (value: Date) => formatUsDate(value.toISOString().slice(0, 10)),
          },
        ]}
        yAxis={[{ valueFormatter: (value: number) => money(value), width: 90 }]}
        series={series}
        sx={Object.fromEntries(
          props.series
            .filter((line) => line.dashed)
            .map((line) => [`& .MuiLineElement-series-${line.id}`, { strokeDasharray: '6 4' }]),
        )}
      />
    </div>
  );
}
