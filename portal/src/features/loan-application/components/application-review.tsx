import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  employmentStatusText,
  fillPlaceholders,
  formatUsd,
  isEmploymentStatus,
  loanApplicationConsentText,
  loanApplicationLabel,
  loanTermText,
  type ApplyRequest,
  type LoanApplicationField,
  type LoanProduct,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { ErrorAlert } from '../../../components/error-alert/error-alert';
import { useSettings } from '../../../lib/settings/settings-context';

/** Each line of the review: the field's name and what will be sent for it, in words. */
function reviewLines(
  request: ApplyRequest,
  product: LoanProduct | undefined,
  settings: Pick<SettingsAccessor, 'get'>,
): [LoanApplicationField, string][] {
  return [
    ['ProductId', product?.name ?? request.ProductId],
    ['AmountRequested', formatUsd(request.AmountRequested)],
    ['TermMonths', loanTermText(request.TermMonths, settings)],
    ['Purpose', request.Purpose],
    ['AnnualIncome', formatUsd(request.AnnualIncome)],
    [
      'EmploymentStatus',
      isEmploymentStatus(request.EmploymentStatus)
        ? employmentStatusText(request.EmploymentStatus, settings)
        : request.EmploymentStatus,
    ],
    [
      'ContactConsent',
      request.ContactConsent
        ? fillPlaceholders(settings.get('loanApplicationTexts.consentGivenText'), {
            consent: loanApplicationConsentText(settings),
          })
        : settings.get('loanApplicationTexts.consentNotGivenText'),
    ],
  ];
}

/**
 * Check your answers (GOV.UK's pattern): exactly what Submit sends, each line as the form named
 * it, and the documents the application will ask for; Change goes back to the form as it was
 * left. The heading takes the focus when the step opens, so a screen reader starts here.
 */
export function ApplicationReview(props: {
  request: ApplyRequest;
  product: LoanProduct | undefined;
  sending: boolean;
  error: ReactNode;
  onChange(): void;
  onSubmit(): void;
}) {
  const settings = useSettings();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const documents = props.product?.documents ?? [];
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={3}>
      <Typography
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        variant="h5"
        component="h2"
        sx={{ outline: 'none' }}
      >
        {settings.get('loanApplicationTexts.reviewHeadingText')}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'minmax(10rem, max-content) 1fr' },
          columnGap: 3,
          rowGap: 1,
          m: 0,
          '& dt': { fontWeight: 600 },
          '& dd': { m: 0, mb: { xs: 1, sm: 0 }, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
        }}
      >
        {reviewLines(props.request, props.product, settings).map(([field, value]) => (
          <Box key={field} sx={{ display: 'contents' }}>
            <dt>{loanApplicationLabel(field, settings)}</dt>
            <dd>{value}</dd>
          </Box>
        ))}
      </Box>
      {documents.length > 0 ? (
        <Box>
          <Typography variant="h6" component="h3" gutterBottom>
            {settings.get('loanApplicationTexts.reviewDocumentsHeadingText')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {documents.map((document) => (
              <li key={document}>{document}</li>
            ))}
          </Box>
        </Box>
      ) : null}
      {props.error ? <ErrorAlert role="alert">{props.error}</ErrorAlert> : null}
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="contained" onClick={props.onSubmit} disabled={props.sending}>
          {props.sending
            ? settings.get('loanApplicationTexts.sendingText')
            : settings.get('loanApplicationTexts.submitButtonText')}
        </Button>
        <Button variant="outlined" onClick={props.onChange} disabled={props.sending}>
          {settings.get('loanApplicationTexts.changeButtonText')}
        </Button>
      </Stack>
    </Stack>
  );
}
