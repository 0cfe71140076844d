/*
 * A small bar chart drawn by hand in SVG. The admin app has no chart library (the portal's
 * @mui/x-charts is the portal's dependency, not this app's), and these charts need only bars,
 * two threshold lines and text: a library would add far more than it saves. The chart is one
 * image to assistive technology, named for what it shows; the table beside it has the figures.
 */
import { alpha, useTheme } from '@mui/material/styles';
import {
  WEB_VITAL_THRESHOLDS,
  type WebVitalMetric,
  type WebVitalRating,
  type WebVitalSummary,
} from '@portal/domain';
import { formatWebVital, RATING_LABELS } from '../utils/web-vital-text';

export interface WebVitalChartProps {
  metric: WebVitalMetric;
  /** The metric's summaries, one bar each. */
  summaries: readonly WebVitalSummary[];
  /** The image's accessible name. */
  label: string;
}

const WIDTH = 720;
const SIDE = 8;
/** Room above the rows for the threshold labels. */
const TOP = 26;
const ROW = 46;
const BAR = 16;
const BOTTOM = 6;

/**
 * The scale's end: room past the poor threshold, and for the slowest bar, but no more than two
 * and a half times the poor threshold, so one extreme route cannot squeeze the thresholds into
 * the left edge (a longer bar runs to the end and its figure says how long it is).
 */
export function chartScaleEnd(metric: WebVitalMetric, values: readonly number[]): number {
  const { poor } = WEB_VITAL_THRESHOLDS[metric];
  return Math.min(Math.max(poor * 1.25, ...values.map((value) => value * 1.05)), poor * 2.5);
}

export function WebVitalChart({ metric, summaries, label }: WebVitalChartProps) {
  const theme = useTheme();
  const { good, poor } = WEB_VITAL_THRESHOLDS[metric];
  const end = chartScaleEnd(
    metric,
    summaries.map((summary) => summary.p75),
  );
  const x = (value: number) => SIDE + (Math.min(value, end) / end) * (WIDTH - 2 * SIDE);
  const height = TOP + summaries.length * ROW + BOTTOM;
  const bottom = height - BOTTOM;
  const colours: Record<WebVitalRating, string> = {
    good: theme.palette.success.main,
    'needs-improvement': theme.palette.warning.main,
    poor: theme.palette.error.main,
  };
  const zones = [
    { from: 0, to: good, rating: 'good' },
    { from: good, to: poor, rating: 'needs-improvement' },
    { from: poor, to: end, rating: 'poor' },
  ] as const;
  const thresholdLines: { value: number; text: string; anchor: 'start' | 'end'; dx: number }[] = [
    // The good label left of its line, the poor one right of its own: they never meet.
    { value: good, text: `Good ≤ ${formatWebVital(metric, good)}`, anchor: 'end', dx: -4 },
    { value: poor, text: `Poor > ${formatWebVital(metric, poor)}`, anchor: 'start', dx: 4 },
  ];
  const text = theme.palette.text.primary;
  const muted = theme.palette.text.secondary;
  // A halo of the background behind each row's words, where a threshold line crosses them.
  const halo = {
    stroke: theme.palette.background.paper,
    strokeWidth: 3,
    paintOrder: 'stroke',
    strokeLinejoin: 'round',
  } as const;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${WIDTH} ${height}`}
      width="100%"
      style={{ maxWidth: WIDTH, display: 'block', fontFamily: theme.typography.fontFamily }}
    >
      {zones.map((zone) => (
        <rect
          key={zone.rating}
          x={x(zone.from)}
          y={TOP}
          width={Math.max(0, x(zone.to) - x(zone.from))}
          height={bottom - TOP}
          fill={alpha(colours[zone.rating], 0.1)}
        />
      ))}
      {thresholdLines.map((line) => (
        <g key={line.value}>
          <line
            x1={x(line.value)}
            x2={x(line.value)}
            y1={TOP - 8}
            y2={bottom}
            stroke={muted}
            strokeDasharray="4 3"
          />
          <text
            x={x(line.value) + line.dx}
            y={TOP - 10}
            textAnchor={line.anchor}
            fontSize={12}
            fill={muted}
          >
            {line.text}
          </text>
        </g>
      ))}
      {summaries.map((summary, index) => {
        const top = TOP + index * ROW;
        return (
          <g key={summary.route}>
            <text x={SIDE + 4} y={top + 16} fontSize={13} fill={text} {...halo}>
              {summary.route}
            </text>
            <text
              x={WIDTH - SIDE - 4}
              y={top + 16}
              fontSize={13}
              textAnchor="end"
              fill={text}
              {...halo}
            >
              {`${formatWebVital(metric, summary.p75)} · ${RATING_LABELS[summary.rating]}`}
            </text>
            <rect
              x={SIDE}
              y={top + 22}
              // A zero still shows as a sliver.
              width={Math.max(2, x(summary.p75) - SIDE)}
              height={BAR}
              rx={2}
              fill={colours[summary.rating]}
            />
          </g>
        );
      })}
    </svg>
  );
}
