import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  addDays,
  fillPlaceholders,
  formatUsd,
  formatUsDate,
  PAYOFF_HORIZON_DAYS,
  payoffDateProblem,
} from '@portal/domain';
import { useState } from 'react';
import { DIALOG_WIDTH, PortalDialog } from '../../../components/dialogs/portal-dialog';
import { InputField } from '../../../components/masked-input/input-field';
import { openInNewTab } from '../../../lib/new-tab';
import { useSettings } from '../../../lib/settings/settings-context';
import { payoffBreakdownUrl, usePayoffQuote } from '../api/payoff-quote';
import { useServerToday } from '../hooks/use-server-today';

/**
 * The payoff quote dialog (spec 001 "Payoff quote dialog", spec 002 section 5): a date from today
 * on, the quote, and its breakdown as a PDF. The server decides; the date rule only guides.
 */
export function PayoffQuoteDialog(props: {
  accountNumber: string;
  /** The loan's name and masked number, under the title. */
  loanName: string;
  onClose(): void;
}) {
  const settings = useSettings();
  // A device clock a day off must not start the quote on a day the server refuses.
  const { today } = useServerToday(props.accountNumber);
  const [typedDate, setDate] = useState<string | undefined>(undefined);
  const date = typedDate ?? today;
  const quote = usePayoffQuote(props.accountNumber);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const problem = payoffDateProblem(date, today);
  const invalid = problem !== undefined;
  const quoted = quote.data && quote.variables === date ? quote.data : undefined;

  return (
    <PortalDialog
      width={DIALOG_WIDTH.wide}
      title={settings.get('payoffQuoteTexts.linkText')}
      subtitle={props.loanName}
      actions={
        <Button onClick={props.onClose}>{settings.get('dialogTexts.cancelButtonText')}</Button>
      }
    >
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={(event) => {
          event.preventDefault();
          if (!invalid) quote.mutate(date);
        }}
      >
        <InputField
          label={settings.get('payoffQuoteTexts.dateLabel')}
          type="date"
          value={date}
          onChange={(event) => setDate(event.target.value)}
          slotProps={{ input: { min: today, max: addDays(today, PAYOFF_HORIZON_DAYS) } }}
          errorMessage={
            problem === 'beyondHorizon'
              ? // The horizon is this product's rule (the specs fix none); its wording a setting.
                settings
                  .get('payoffQuoteTexts.dateBeyondHorizonText')
                  .replaceAll('{days}', String(PAYOFF_HORIZON_DAYS))
              : invalid
                ? settings.get('payoffQuoteTexts.dateInvalidText')
                : undefined
          }
        />
        <Button type="submit" variant="contained" disabled={invalid} loading={quote.isPending}>
          {settings.get('payoffQuoteTexts.submitButtonText')}
        </Button>
        {quote.isError ? (
          <Alert severity="error">{settings.get('payoffQuoteTexts.requestErrorText')}</Alert>
        ) : null}
        {quoted ? (
          <Stack spacing={1} role="status">
            <Typography>
              {fillPlaceholders(settings.get('payoffQuoteTexts.quoteText'), {
                date: formatUsDate(date),
                amount: formatUsd(quoted.PayOffQuoteAmount),
              })}
            </Typography>
            <Button
              variant="outlined"
              onClick={() => {
                setDownloadFailed(false);
                openInNewTab(payoffBreakdownUrl(props.accountNumber, date)).catch(() =>
                  setDownloadFailed(true),
                );
              }}
            >
              {settings.get('payoffQuoteTexts.downloadBreakdownText')}
            </Button>
          </Stack>
        ) : null}
        {downloadFailed ? (
          <Alert severity="error">{settings.get('payoffQuoteTexts.requestErrorText')}</Alert>
        ) : null}
      </Stack>
    </PortalDialog>
  );
}
