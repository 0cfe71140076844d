import { WEB_VITAL_THRESHOLDS, type WebVitalMetric, type WebVitalRating } from '@portal/domain';

/** Each metric's name and what it tells staff, in plain words. */
export const WEB_VITAL_TEXTS: Readonly<
  Record<WebVitalMetric, { name: string; explanation: string }>
> = {
  LCP: {
    name: 'Largest Contentful Paint (LCP)',
    explanation: 'How long until the main content of the page has appeared.',
  },
  INP: {
    name: 'Interaction to Next Paint (INP)',
    explanation: 'How quickly the page answers a click, tap or key press.',
  },
  CLS: {
    name: 'Cumulative Layout Shift (CLS)',
    explanation: 'How much the page moves about while it is read, as a score without a unit.',
  },
  TTFB: {
    name: 'Time to First Byte (TTFB)',
    explanation: 'How long until the first byte of the server’s answer arrives.',
  },
};

export const RATING_LABELS: Readonly<Record<WebVitalRating, string>> = {
  good: 'Good',
  'needs-improvement': 'Needs improvement',
  poor: 'Poor',
};

const MILLISECONDS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const SCORE = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 3,
});

/** '2,512 ms', or a layout shift score: '0.10', '0.104'. */
export function formatWebVital(metric: WebVitalMetric, value: number): string {
  return WEB_VITAL_THRESHOLDS[metric].unit === 'ms'
    ? `${MILLISECONDS.format(value)} ms`
    : SCORE.format(value);
}

/** 'Good up to 2,500 ms; poor above 4,000 ms.' */
export function thresholdsText(metric: WebVitalMetric): string {
  const { good, poor } = WEB_VITAL_THRESHOLDS[metric];
  return `Good up to ${formatWebVital(metric, good)}; poor above ${formatWebVital(metric, poor)}.`;
}
