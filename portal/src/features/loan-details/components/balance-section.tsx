import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  fillPlaceholders,
  formatUsd,
  formatUsDate,
  MAX_PROJECTED_EXTRA_PRINCIPAL_CENTS,
  parseUsd,
  type PayoffProjectionResponse,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import { lazy, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { centsColumn, dateColumn } from '../../../components/data-table/columns';
import { DataTable } from '../../../components/data-table/data-table';
import { LoadingBlock } from '../../../components/loading-block';
import { ApiError } from '../../../lib/api-client';
import { useSettings } from '../../../lib/settings/settings-context';
import { useBalanceHistory, usePayoffProjection } from '../api/balances';
import type { BalanceSeries } from './balance-chart';

const BalanceChart = lazy(() => import('./balance-chart'));

const MAX_EXTRA_CENTS = MAX_PROJECTED_EXTRA_PRINCIPAL_CENTS;

/** Waits for typing to pause before asking the server again. */
function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

type Path = PayoffProjectionResponse['Regular'];

/** The sentence comparing the payoff with extra principal to the regular one (settings' words). */
function comparison(
  settings: SettingsAccessor,
  extraCents: number,
  regular: Path,
  withExtra: Path,
): string {
  if (regular.PayoffDate === null) {
    return settings.get('loanDetailsTexts.projectionNotRepaidText');
  }
  const payments = (count: number) =>
    settings.get(
      count === 1 ? 'loanDetailsTexts.paymentSingularText' : 'loanDetailsTexts.paymentPluralText',
    );
  const regularText = fillPlaceholders(settings.get('loanDetailsTexts.projectionRegularText'), {
    date: formatUsDate(regular.PayoffDate),
    count: regular.Payments,
    payments: payments(regular.Payments),
    interest: formatUsd(regular.TotalInterest),
  });
  if (extraCents === 0 || withExtra.PayoffDate === null) return regularText;
  const saved = Math.max(0, regular.TotalInterest - withExtra.TotalInterest);
  const extraText = fillPlaceholders(settings.get('loanDetailsTexts.projectionExtraText'), {
    extra: formatUsd(extraCents),
    date: formatUsDate(withExtra.PayoffDate),
    count: withExtra.Payments,
    payments: payments(withExtra.Payments),
    saved: formatUsd(saved),
  });
  return `${regularText} ${extraText}`;
}

/** The last point of each year: what the table lists (the chart shows every month). */
function yearly(points: readonly { Date: string; Balance: number }[]) {
  const byYear = new Map<string, { Date: string; Balance: number }>();
  for (const point of points) byYear.set(point.Date.slice(0, 4), point);
  return [...byYear.values()];
}

interface TableRow {
  /** The line's id: its label is the institution's wording, which two lines may share. */
  line: string;
  date: string;
  kind: string;
  /** In cents. */
  balance: number;
}

/**
 * Beyond the spec's anchors: the loan's balance over time (from its history) and a payoff
 * projection that shows how an extra principal amount each payment moves the payoff date and the
 * interest paid. Both come from the server, which runs the core's own rules; the chart library
 * loads only here, and a table gives the same figures to screen readers and keyboard users.
 */
export function BalanceSection(props: { accountNumber: string; closed: boolean }) {
  const settings = useSettings();
  const [extraText, setExtraText] = useState('');
  const parsed = extraText.trim() === '' ? 0 : parseUsd(extraText);
  const invalid = parsed === undefined || parsed < 0 || parsed > MAX_EXTRA_CENTS;
  const extraCents = useSettled(invalid ? 0 : parsed, 400);
  const history = useBalanceHistory(props.accountNumber);
  const projection = usePayoffProjection(props.accountNumber, props.closed ? 0 : extraCents);
  const deferredProjection = useDeferredValue(projection.data);

  const denied = history.error instanceof ApiError && history.error.code === 'SecurityNotAllowed';
  const historyPoints = history.data?.Points ?? [];
  const today = historyPoints.at(-1);
  const withToday = (points: readonly { Date: string; Balance: number }[]) =>
    today ? [today, ...points] : points;
  const series: BalanceSeries[] = [
    {
      id: 'history',
      label: settings.get('loanDetailsTexts.balanceSeriesText'),
      points: historyPoints,
    },
  ];
  if (!props.closed && deferredProjection) {
    series.push({
      id: 'regular',
      label: settings.get('loanDetailsTexts.projectedSeriesText'),
      points: withToday(deferredProjection.Regular.Balances),
      dashed: true,
    });
    if (extraCents > 0) {
      series.push({
        id: 'extra',
        label: settings.get('loanDetailsTexts.extraSeriesText'),
        points: withToday(deferredProjection.WithExtra.Balances),
        dashed: true,
      });
    }
  }
  const rows: TableRow[] = series.flatMap((line) =>
    yearly(line.points).map((point) => ({
      date: point.Date,
      line: line.id,
      kind: line.label,
      balance: point.Balance,
    })),
  );

  return (
    <Box component="section" aria-labelledby="balance-heading">
      <Typography variant="h5" component="h2" id="balance-heading" gutterBottom>
        {settings.get('loanDetailsTexts.balanceHeadingText')}
      </Typography>
      <Stack spacing={2}>
        {!props.closed ? (
          <>
            <TextField
              label={settings.get('loanDetailsTexts.extraPrincipalLabel')}
              value={extraText}
              onChange={(event) => setExtraText(event.target.value)}
              error={invalid}
              helperText={
                invalid
                  ? fillPlaceholders(settings.get('loanDetailsTexts.extraPrincipalInvalidText'), {
                      max: formatUsd(MAX_EXTRA_CENTS),
                    })
                  : settings.get('loanDetailsTexts.extraPrincipalHelpText')
              }
              inputMode="decimal"
              sx={{ maxWidth: 320 }}
              slotProps={{
                input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
              }}
            />
            {projection.isError ? (
              <Alert severity="error">{settings.get('loanDetailsTexts.projectionErrorText')}</Alert>
            ) : deferredProjection ? (
              <Typography role="status">
                {comparison(
                  settings,
                  extraCents,
                  deferredProjection.Regular,
                  deferredProjection.WithExtra,
                )}
              </Typography>
            ) : null}
          </>
        ) : null}
        {history.isPending ? (
          <LoadingBlock
            height={300}
            label={settings.get('loanDetailsTexts.balanceChartLoadingText')}
          />
        ) : history.isError ? (
          // A refused history (SecurityNotAllowed) is said once, by the history section: the
          // chart drawn from it is left out rather than stacking a second refusal.
          denied ? null : (
            <Alert severity="error">{settings.get('loanDetailsTexts.historyErrorText')}</Alert>
          )
        ) : (
          <Suspense
            fallback={
              <LoadingBlock
                height={300}
                label={settings.get('loanDetailsTexts.balanceChartLoadingText')}
              />
            }
          >
            <BalanceChart series={series} />
          </Suspense>
        )}
        <Accordion disableGutters variant="outlined">
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            {settings.get('loanDetailsTexts.balanceTableToggleText')}
          </AccordionSummary>
          <AccordionDetails>
            <DataTable<TableRow>
              caption={settings.get('loanDetailsTexts.balanceTableCaption')}
              rows={rows}
              getRowKey={(row) => `${row.line}|${row.date}`}
              emptyText={settings.get('loanDetailsTexts.noBalancesText')}
              columns={[
                dateColumn(
                  'date',
                  settings.get('loanDetailsTexts.balanceTableDateColumnText'),
                  (row) => row.date,
                ),
                {
                  id: 'kind',
                  header: settings.get('loanDetailsTexts.balanceTableLineColumnText'),
                  type: 'string',
                  getValue: (row) => row.kind,
                },
                centsColumn(
                  'balance',
                  settings.get('loanDetailsTexts.balanceTableBalanceColumnText'),
                  (row) => row.balance,
                ),
              ]}
            />
          </AccordionDetails>
        </Accordion>
      </Stack>
    </Box>
  );
}
