import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AchDraftListItem } from '@portal/domain';
import { useState } from 'react';
import { LoadingBlock } from '../../../components/loading-block';
import { openInNewTab } from '../../../lib/new-tab';
import { useSettings } from '../../../lib/settings/settings-context';
import { achDraftDocumentUrl, useAchDrafts } from '../api/ach-drafts';
import { formatDraftCreationDate } from '../utils/draft-date';

/**
 * myaccount/documents (spec 001 section 2 "Documents screen"; the route shows only when an ACH
 * draft agreement is required): the user's recurring ACH authorizations, each a link
 * 'Recurring ACH Authorization {loan account number} {M/d/yy, h:mm:ss}' that opens the document in
 * a new tab, under 'Please choose a document to view'.
 */
export function DocumentsPage() {
  const settings = useSettings();
  const drafts = useAchDrafts();
  // Opening a document can fail too (the passable token): the same error text says so.
  const [openFailed, setOpenFailed] = useState(false);
  const timeZone = settings.get('localeOptions.institutionTimeZone');
  const errorText = settings.get('paymentDocumentsTexts.retrieveErrorText');

  const label = (draft: AchDraftListItem) =>
    settings
      .get('paymentDocumentsTexts.documentLinkText')
      .replaceAll('{accountNumber}', draft.LoanAccountNumber)
      .replaceAll('{date}', formatDraftCreationDate(draft.CreationDate, timeZone));

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
    <Stack spacing={2} sx={{ py: 2 }}>
      <Typography variant="h4" component="h1">
        {settings.get('paymentDocumentsTexts.titleText')}
      </Typography>
      {body}
    </Stack>
  );
}
