import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import {
  type AccountDocument,
  type AchDraftListItem,
  formatUsDateTime,
  isClosedComment,
  loanName,
} from '@portal/domain';
import { useState } from 'react';
import { LoadingBlock } from '../../../components/loading-block';
import { openInNewTab } from '../../../lib/new-tab';
import { useSettings } from '../../../lib/settings/settings-context';
import { isLoanAccount, useAccountList } from '../../../lib/accounts/get-account-list';
import { documentViewUrl } from '../../../lib/documents/document-view-url';
import { documentsScreenListsLoanDocuments } from '../../../lib/documents/documents-screen';
import { achDraftDocumentUrl, useAchDrafts } from '../api/ach-drafts';
import { useAccountsDocuments } from '../api/account-documents';

/**
 * myaccount/documents (spec 001 section 2 "Documents screen"; the route shows only when an ACH
 * draft agreement is required): the user's recurring ACH authorizations, each a link
 * 'Recurring ACH Authorization {loan account number} {date and time}' that opens the document in
 * a new tab, under 'Please choose a document to view'; then, with file services on, each open
 * loan's own documents (LoanDocuments).
 */
export function DocumentsPage() {
  const settings = useSettings();
  const loanDocumentsListed = documentsScreenListsLoanDocuments(settings);
  const drafts = useAchDrafts();
  // Opening a document can fail too (the passable token): the same error text says so.
  const [openFailed, setOpenFailed] = useState(false);
  const timeZone = settings.get('localeOptions.institutionTimeZone');
  const errorText = settings.get('paymentDocumentsTexts.retrieveErrorText');

  const label = (draft: AchDraftListItem) =>
    settings
      .get('paymentDocumentsTexts.documentLinkText')
      .replaceAll('{accountNumber}', draft.LoanAccountNumber)
      .replaceAll('{date}', formatUsDateTime(draft.CreationDate, timeZone));

  async function open(draft: AchDraftListItem) {
    setOpenFailed(false);
    try {
      await openInNewTab(achDraftDocumentUrl(draft.Id));
    } catch {
      setOpenFailed(true);
    }
  }

  let body;
  if (drafts.isPending) {
    body = <LoadingBlock height={120} label={settings.get('errorTexts.loadingText')} />;
  } else if (drafts.isError) {
    body = <Alert severity="error">{errorText}</Alert>;
  } else if (drafts.data.Drafts.length === 0) {
    body = <Typography>{settings.get('paymentDocumentsTexts.noDocumentsText')}</Typography>;
  } else {
    body = (
      <>
        <Typography>{settings.get('paymentDocumentsTexts.instructionsText')}</Typography>
        <List dense>
          {drafts.data.Drafts.map((draft) => (
            <ListItem key={draft.Id} disableGutters>
              <Link
                component="button"
                type="button"
                onClick={() => void open(draft)}
                sx={{ textAlign: 'left' }}
              >
                {label(draft)}
              </Link>
            </ListItem>
          ))}
        </List>
        {openFailed ? <Alert severity="error">{errorText}</Alert> : null}
      </>
    );
  }

  return (
    <Stack spacing={3} sx={{ py: 2 }}>
      <Typography variant="h4" component="h1">
        {/* Titled for what it lists (issue 20): the loans' documents too, where they are listed. */}
        {settings.get(
          loanDocumentsListed
            ? 'paymentDocumentsTexts.titleWithLoanDocumentsText'
            : 'paymentDocumentsTexts.titleText',
        )}
      </Typography>
      <Stack component="section" spacing={1} aria-labelledby="ach-authorizations-heading">
        <Typography variant="h5" component="h2" id="ach-authorizations-heading">
          {settings.get('paymentDocumentsTexts.authorizationsHeadingText')}
        </Typography>
        {body}
      </Stack>
      {loanDocumentsListed ? <LoanDocuments /> : null}
    </Stack>
  );
}

/**
 * The loans' own documents (notes, disclosures, uploads), the same lists their pages show
 * (GetAccountDocuments), each under its loan's name. Spec 002 puts this page's list at the ACH
 * authorizations only, and its empty text then read as if no account had documents while each
 * loan's page listed its note and disclosure (issue 20 item 13): the page now holds both.
 */
function LoanDocuments() {
  const settings = useSettings();
  const accounts = useAccountList();
  const loans = (accounts.data?.Accounts ?? []).filter(
    (account) => isLoanAccount(account) && !isClosedComment(account.Comment),
  );
  const results = useAccountsDocuments(
    loans.map((loan) => loan.Number),
    accounts.isSuccess,
  );
  const [openFailed, setOpenFailed] = useState(false);
  async function open(document: AccountDocument) {
    setOpenFailed(false);
    try {
      await openInNewTab(documentViewUrl(document));
    } catch {
      setOpenFailed(true);
    }
  }
  return (
    <Stack component="section" spacing={1} aria-labelledby="loan-documents-heading">
      <Typography variant="h5" component="h2" id="loan-documents-heading">
        {settings.get('paymentDocumentsTexts.accountDocumentsHeadingText')}
      </Typography>
      {accounts.isPending ? (
        <LoadingBlock height={48} label={settings.get('errorTexts.loadingText')} />
      ) : null}
      {accounts.isSuccess && loans.length === 0 ? (
        // The heading names loan documents whatever the borrower holds: say there are none.
        <Typography variant="body2" color="text.secondary">
          {settings.get('paymentDocumentsTexts.noLoanDocumentsText')}
        </Typography>
      ) : null}
      {loans.map((loan, index) => {
        const result = results[index];
        const headingId = `loan-documents-${index}`;
        return (
          <Box component="section" key={loan.Number} aria-labelledby={headingId}>
            <Typography variant="subtitle1" component="h3" id={headingId}>
              {loanName({ description: loan.Description, number: loan.Number })}
            </Typography>
            {!result || result.isPending ? (
              <LoadingBlock height={48} label={settings.get('errorTexts.loadingText')} />
            ) : result.isError ? (
              <Alert severity="error">
                {settings.get('paymentDocumentsTexts.accountDocumentsErrorText')}
              </Alert>
            ) : result.data.Value.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {settings.get('documentCenterTexts.noDocumentsText')}
              </Typography>
            ) : (
              <List dense aria-labelledby={headingId}>
                {result.data.Value.map((document) => (
                  <ListItem key={document.FileId} disableGutters>
                    <Link
                      component="button"
                      type="button"
                      onClick={() => void open(document)}
                      sx={{ textAlign: 'left' }}
                    >
                      {document.DisplayName}
                    </Link>
                  </ListItem>
                ))}
              </List>
            )}
          </Box>
        );
      })}
      {openFailed ? (
        <Alert severity="error">{settings.get('documentCenterTexts.loadErrorText')}</Alert>
      ) : null}
    </Stack>
  );
}
