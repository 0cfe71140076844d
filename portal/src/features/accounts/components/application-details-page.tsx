import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatUsd, formatUsDate, hostDateOf, type Application } from '@portal/domain';
import type { SettingKey } from '@portal/settings-schema';
import { CLIENT_ERROR_CODES } from '@portal/web-kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useSignedInUser } from '../../../lib/session/session-context';
import { useSettings } from '../../../lib/settings/settings-context';
import {
  applicationKeys,
  applicationQuery,
  useApplicationDocuments,
} from '../api/get-applications';
import { DocumentsSection } from '../../../components/documents-section/documents-section';
import { LoadingBlock } from '../../../components/loading-block';

interface Field {
  label: SettingKey;
  hide: SettingKey;
  value(application: Application): string;
}

const FIELDS: readonly Field[] = [
  {
    label: 'applicationDetailsTexts.applicationNumberLabel',
    hide: 'applicationDetailsOptions.hideApplicationNumberOption',
    value: (application) => application.ApplicationNumber,
  },
  {
    label: 'applicationDetailsTexts.statusLabel',
    hide: 'applicationDetailsOptions.hideStatusOption',
    value: (application) => application.Status,
  },
  {
    label: 'applicationDetailsTexts.amountRequestedLabel',
    hide: 'applicationDetailsOptions.hideAmountRequestedOption',
    value: (application) => formatUsd(application.AmountRequested),
  },
  {
    label: 'applicationDetailsTexts.amountApprovedLabel',
    hide: 'applicationDetailsOptions.hideAmountApprovedOption',
    // The host sends 0 until an amount is approved (and for a declined application): no amount.
    value: (application) =>
      application.AmountApproved > 0 ? formatUsd(application.AmountApproved) : '',
  },
  {
    label: 'applicationDetailsTexts.lastModifiedLabel',
    hide: 'applicationDetailsOptions.hideLastModifiedOption',
    value: (application) => formatUsDate(hostDateOf(application.LastModified)),
  },
  {
    label: 'applicationDetailsTexts.fundsExpectedLabel',
    hide: 'applicationDetailsOptions.hideFundsExpectedOption',
    // The host's 0001-01-01 means not known yet.
    value: (application) => formatUsDate(hostDateOf(application.FundsExpected)),
  },
];

/** Whether the server answered with its own errors (not a failed or unreadable call). */
function answeredWithErrors(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status !== 0 &&
    error.code !== undefined &&
    !Object.values<string>(CLIENT_ERROR_CODES).includes(error.code)
  );
}

/**
 * myaccount/applicationdetails/{applicationNumber} (spec 002 "Application list and details"):
 * the row the dashboard's list already holds, else the application fetched by its number.
 */
export function ApplicationDetailsPage() {
  const settings = useSettings();
  const user = useSignedInUser();
  const documentsHeadingId = useId();
  const { applicationNumber = '' } = useParams();
  const queryClient = useQueryClient();
  const fromList = queryClient
    .getQueryData<{ Applications: Application[] }>(applicationKeys.list())
    ?.Applications.find((application) => application.ApplicationNumber === applicationNumber);
  const fetched = useQuery({ ...applicationQuery(applicationNumber), enabled: !fromList });
  const application = fromList ?? fetched.data?.Application ?? undefined;
  const fileServices = settings.get('globalOptions.useFileServicesOption');
  const documents = useApplicationDocuments(applicationNumber, {
    enabled: fileServices && application !== undefined,
  });

  return (
    <Box sx={{ py: 2 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {settings.get('applicationDetailsTexts.titleText')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{user.personalName}</Typography>
      {application ? (
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1.5, m: 0 }}
        >
          {FIELDS.filter((field) => !settings.get(field.hide)).map((field) => (
            <Box key={field.label} sx={{ display: 'contents' }}>
              <Typography component="dt" sx={{ fontWeight: 600 }}>
                {String(settings.get(field.label))}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {field.value(application) || '—'}
              </Typography>
            </Box>
          ))}
        </Box>
      ) : fetched.isError ? (
        // An answer with errors, or no answer at all (spec 002 section 8).
        <Alert severity="error">
          {answeredWithErrors(fetched.error)
            ? settings.get('applicationDetailsTexts.errorText')
            : settings.get('applicationDetailsTexts.connectErrorText')}
        </Alert>
      ) : (
        <LoadingBlock height={180} label={settings.get('applicationDetailsTexts.loadingText')} />
      )}
      {/* What an application made in the portal asks for (issue 22): uploaded below. */}
      {application?.RequiredDocuments?.length ? (
        <Box component="section" aria-labelledby={documentsHeadingId} sx={{ mt: 3 }}>
          <Typography variant="h6" component="h2" id={documentsHeadingId}>
            {settings.get('applicationDetailsTexts.requiredDocumentsHeadingText')}
          </Typography>
          <Box component="ul" sx={{ mt: 1, mb: 0, pl: 3 }}>
            {application.RequiredDocuments.map((document) => (
              <li key={document}>{document}</li>
            ))}
          </Box>
        </Box>
      ) : null}
      {/* The documents block with view and upload, with file services on (spec 002). */}
      {application && fileServices ? (
        <Box sx={{ mt: 3 }}>
          {documents.data ? (
            <>
              <DocumentsSection
                documents={documents.data.Value}
                upload={{
                  target: { kind: 'application', number: application.ApplicationNumber },
                  onUploaded: () => void documents.refetch(),
                }}
              />
              {documents.isRefetchError ? (
                <Alert severity="error" sx={{ mt: 1 }}>
                  {settings.get('documentCenterTexts.refreshErrorText')}
                </Alert>
              ) : null}
            </>
          ) : documents.isError ? (
            <Alert severity="error">{settings.get('documentCenterTexts.loadErrorText')}</Alert>
          ) : (
            <LoadingBlock
              height={80}
              label={settings.get('applicationDetailsTexts.documentsLoadingText')}
            />
          )}
        </Box>
      ) : null}
    </Box>
  );
}
