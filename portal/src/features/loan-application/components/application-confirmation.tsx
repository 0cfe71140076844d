import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { fillPlaceholders, type ApplyResponse } from '@portal/domain';
import { useEffect, useId, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSettings } from '../../../lib/settings/settings-context';

/** The Document Center's Applications tab with this application chosen. */
export function applicationDocumentsPath(number: string): string {
  const query = new URLSearchParams({ tab: 'application', application: number });
  return `/myaccount/document-center?${query.toString()}`;
}

/**
 * The application received: its number first and largest, its status, the documents it asks
 * for, and where to upload them (the Document Center's Applications tab with the application
 * chosen; else the application's own page, whose documents block uploads too). The heading takes
 * the focus, so a screen reader hears the outcome first.
 */
export function ApplicationConfirmation({ answer }: { answer: ApplyResponse }) {
  const settings = useSettings();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const number = answer.ApplicationNumber;
  const details = `/myaccount/applicationdetails/${encodeURIComponent(number)}`;
  const fileServices = settings.get('globalOptions.useFileServicesOption');
  const documentCenter = fileServices && settings.get('globalOptions.useDocumentCenterOption');
  const documents = answer.RequiredDocuments;
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={2}>
      <Typography
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        variant="h5"
        component="h2"
        sx={{ outline: 'none' }}
      >
        {settings.get('loanApplicationTexts.receivedHeadingText')}
      </Typography>
      <Box>
        <Typography>{settings.get('loanApplicationTexts.numberIntroText')}</Typography>
        <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
          {number}
        </Typography>
      </Box>
      <Typography>
        {fillPlaceholders(settings.get('loanApplicationTexts.statusText'), {
          status: answer.Status,
        })}
      </Typography>
      {documents.length > 0 ? (
        <Box>
          <Typography variant="h6" component="h3" gutterBottom>
            {settings.get('loanApplicationTexts.documentsHeadingText')}
          </Typography>
          <Box component="ul" sx={{ mt: 0, pl: 3 }}>
            {documents.map((document) => (
              <li key={document}>{document}</li>
            ))}
          </Box>
          {documentCenter ? (
            <Link component={RouterLink} to={applicationDocumentsPath(number)}>
              {settings.get('loanApplicationTexts.uploadInDocumentCenterText')}
            </Link>
          ) : fileServices ? (
            <Link component={RouterLink} to={details}>
              {settings.get('loanApplicationTexts.uploadOnApplicationPageText')}
            </Link>
          ) : (
            <Typography>{settings.get('loanApplicationTexts.documentsByContactText')}</Typography>
          )}
        </Box>
      ) : null}
      <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Link component={RouterLink} to={details}>
          {settings.get('loanApplicationTexts.seeApplicationText')}
        </Link>
        <Link component={RouterLink} to="/myaccount/dashboard">
          {settings.get('loggedInLayout.dashboardMenuText')}
        </Link>
      </Stack>
    </Stack>
  );
}
