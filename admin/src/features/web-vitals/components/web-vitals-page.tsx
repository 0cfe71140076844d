import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  WEB_VITAL_METRICS,
  webVitalsSampleRate,
  type WebVitalMetric,
  type WebVitalSummary,
} from '@portal/domain';
import { createSettingsAccessor } from '@portal/settings-schema';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { useInstitutionSettings } from '../../../lib/draft/get-institution-settings';
import { useInstitution } from '../../../lib/institutions/institution-context';
import { useWebVitals, type WebVitalsWindow } from '../api/web-vitals';
import {
  formatWebVital,
  RATING_LABELS,
  thresholdsText,
  WEB_VITAL_TEXTS,
} from '../utils/web-vital-text';
import { WebVitalChart } from './web-vital-chart';
import { TableScrollRegion } from '../../../components/table-scroll-region';

export interface WebVitalsPageProps {
  slug: string;
  /**
   * The share of page loads the published settings measure (0 to 1), or undefined while they
   * load: a note says how many loads the figures come from, or that none are measured.
   */
  sampleRate: number | undefined;
}

const WINDOWS: readonly WebVitalsWindow[] = [7, 28];
const NO_SUMMARIES: readonly WebVitalSummary[] = [];
const PERCENT = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

function windowOf(text: string | null): WebVitalsWindow {
  return text === '28' ? 28 : 7;
}

function SampleNote({ sampleRate }: { sampleRate: number | undefined }) {
  if (sampleRate === undefined) return null;
  if (sampleRate === 0) {
    return (
      <Alert severity="info" role="note">
        Nothing is measured now: turn on page-view analytics and give a share of page loads above 0
        (Settings, Analytics). The figures below are from earlier measurements, if any.
      </Alert>
    );
  }
  return (
    <Typography color="text.secondary">
      {PERCENT.format(sampleRate)} of page loads are measured (Settings, Analytics).
    </Typography>
  );
}

function MetricSection({
  metric,
  days,
  summaries,
}: {
  metric: WebVitalMetric;
  days: WebVitalsWindow;
  summaries: readonly WebVitalSummary[];
}) {
  const heading = useId();
  const { name, explanation } = WEB_VITAL_TEXTS[metric];
  return (
    <Box component="section" aria-labelledby={heading} sx={{ display: 'grid', gap: 1 }}>
      <Typography id={heading} variant="h6" component="h2">
        {name}
      </Typography>
      <Typography variant="body2">
        {explanation} {thresholdsText(metric)}
      </Typography>
      {summaries.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No page loads were measured in the last {days} days.
        </Typography>
      ) : (
        <>
          <WebVitalChart
            metric={metric}
            summaries={summaries}
            label={`${metric}, 75th percentile by route over the last ${days} days, against the good and poor thresholds; the table below gives the figures`}
          />
          <TableScrollRegion label={`${metric} by route, scrolls sideways`}>
            <Table size="small">
              <caption>
                {metric} by route, last {days} days
              </caption>
              <TableHead>
                <TableRow>
                  <TableCell component="th" scope="col">
                    Route
                  </TableCell>
                  <TableCell component="th" scope="col" align="right">
                    75th percentile
                  </TableCell>
                  <TableCell component="th" scope="col">
                    Rating
                  </TableCell>
                  <TableCell component="th" scope="col" align="right">
                    Page loads
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {summaries.map((summary) => (
                  <TableRow key={summary.route}>
                    <TableCell component="th" scope="row" sx={{ wordBreak: 'break-all' }}>
                      {summary.route}
                    </TableCell>
                    <TableCell align="right">{formatWebVital(metric, summary.p75)}</TableCell>
                    <TableCell>{RATING_LABELS[summary.rating]}</TableCell>
                    <TableCell align="right">{summary.count}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableScrollRegion>
        </>
      )}
    </Box>
  );
}

/**
 * Real users' speed (issue 23): per Core Web Vital, each route's 75th percentile over the last 7
 * or 28 days as a chart against Google's thresholds, and the same figures as a table. The window
 * is in the address (`?days=28`), so a view can be linked.
 */
export function WebVitalsPage({ slug, sampleRate }: WebVitalsPageProps) {
  const [search, setSearch] = useSearchParams();
  const days = windowOf(search.get('days'));
  const vitals = useWebVitals(slug, days);
  const summaries = vitals.data?.summaries ?? NO_SUMMARIES;
  return (
    <Box sx={{ p: 3, maxWidth: 1100, display: 'grid', gap: 2 }}>
      <Typography variant="h5" component="h1">
        Speed
      </Typography>
      <Typography>
        How fast the portal is for real borrowers: the Core Web Vitals their browsers measure on a
        sample of page loads, by route (addresses with an account number are counted under the
        route’s pattern, and nothing about the borrower is kept). Each figure is the 75th
        percentile: three page loads in four were at least this fast. Google’s thresholds rate it
        good, needs improvement or poor.
      </Typography>
      <SampleNote sampleRate={sampleRate} />
      <ToggleButtonGroup
        size="small"
        exclusive
        value={days}
        onChange={(_event, value: WebVitalsWindow | null) => {
          if (value) setSearch(value === 7 ? {} : { days: String(value) }, { replace: true });
        }}
        aria-label="Period"
        sx={{ justifySelf: 'start' }}
      >
        {WINDOWS.map((window) => (
          <ToggleButton key={window} value={window}>
            Last {window} days
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {vitals.isPending && <CircularProgress aria-label="Loading the measurements" />}
      {vitals.isError && (
        <Alert severity="error" role="alert">
          {errorMessage(vitals.error)}
        </Alert>
      )}
      {vitals.data &&
        WEB_VITAL_METRICS.map((metric) => (
          <MetricSection
            key={metric}
            metric={metric}
            // The window of the figures on screen (the other one's may still be on its way).
            days={windowOf(String(vitals.data.days))}
            summaries={summaries.filter((summary) => summary.metric === metric)}
          />
        ))}
    </Box>
  );
}

/** The route's element: the institution from the layout, the sample rate it publishes. */
export function WebVitalsRoute() {
  const institution = useInstitution();
  const settings = useInstitutionSettings(institution.slug);
  const published = settings.data?.published.document;
  const sampleRate = published
    ? webVitalsSampleRate(
        createSettingsAccessor({
          shared: published.shared ?? {},
          english: published.english ?? {},
        }),
      )
    : undefined;
  return <WebVitalsPage slug={institution.slug} sampleRate={sampleRate} />;
}
