import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { loanName } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import {
  NativeSelectField,
  type ChoiceOption,
} from '../../../components/form-fields/form-select-field';
import { isLoanAccount, useAccountList } from '../../../lib/accounts/get-account-list';
import { useApplicationList } from '../../../lib/applications/application-list';
import {
  accountDocumentsQuery,
  applicationDocumentsQuery,
} from '../../../lib/documents/document-lists';
import { profileDataKey } from '../../../lib/profile/profile-data';
import { useSettings } from '../../../lib/settings/settings-context';
import { customerDocumentsQuery } from '../api/customer-documents';
import { DocumentList, LoadingSpinner } from './document-list';

/**
 * A native select of the borrower's accounts or applications, then the chosen one's list. The
 * only choice is chosen from the start; with more, nothing is until the borrower picks one (an
 * empty first entry, gone once one is picked).
 */
function ChooseThenList(props: {
  name: string;
  label: string;
  choices: readonly ChoiceOption[];
  /** Chosen from the start when it is one of the choices (a link named it). */
  initial?: string;
  children(chosen: string): ReactNode;
}) {
  const [picked, setPicked] = useState(() =>
    props.choices.some((choice) => choice.value === props.initial) ? (props.initial ?? '') : '',
  );
  const only = props.choices.length === 1 ? props.choices[0]?.value : undefined;
  const chosen = only ?? picked;
  return (
    <Stack spacing={2}>
      <Box sx={{ maxWidth: { sm: '28rem' } }}>
        <NativeSelectField
          name={props.name}
          label={props.label}
          value={chosen}
          options={chosen === '' ? [{ value: '', label: '' }, ...props.choices] : props.choices}
          onChange={setPicked}
        />
      </Box>
      {chosen === '' ? null : props.children(chosen)}
    </Stack>
  );
}

/** Account Documents: a loan or line of credit (open or paid off), then its documents. */
export function AccountDocumentsPanel() {
  const settings = useSettings();
  const accounts = useAccountList();
  if (accounts.isPending) {
    return <LoadingSpinner label={settings.get('dashboardTexts.loadingText')} />;
  }
  if (accounts.isError) {
    return <Alert severity="error">{settings.get('dashboardTexts.accountListErrorText')}</Alert>;
  }
  const loans = accounts.data.Accounts.filter(isLoanAccount);
  if (loans.length === 0) {
    return <Typography>{settings.get('dashboardTexts.noAccountsText')}</Typography>;
  }
  return (
    <ChooseThenList
      name="accountNumber"
      label={settings.get('dashboardTexts.accountNumberColumnText')}
      choices={loans.map((loan) => ({
        value: loan.Number,
        label: loanName({ description: loan.Description, number: loan.Number }),
      }))}
    >
      {(number) => (
        // Its own section per account: the new marker compares with this account's first list.
        <DocumentList
          key={number}
          query={accountDocumentsQuery(number)}
          target={{ kind: 'account', number }}
        />
      )}
    </ChooseThenList>
  );
}

/**
 * Profile Documents: the user's own documents (GetCustomerDocuments); the profile page shows the
 * same files from its own call, refreshed after an upload here.
 */
export function ProfileDocumentsPanel() {
  const queryClient = useQueryClient();
  return (
    <DocumentList
      query={customerDocumentsQuery()}
      target={{ kind: 'customer' }}
      onUploaded={() => void queryClient.invalidateQueries({ queryKey: profileDataKey() })}
    />
  );
}

/**
 * Applications Documents: one of the applications of the last 30 days, then its documents;
 * `chosen` (from the page's address) is chosen from the start when it is one of them.
 */
export function ApplicationDocumentsPanel({ chosen }: { chosen?: string }) {
  const settings = useSettings();
  const applications = useApplicationList();
  if (applications.isPending) {
    return <LoadingSpinner label={settings.get('errorTexts.loadingText')} />;
  }
  if (applications.isError) {
    return <Alert severity="error">{settings.get('dashboardTexts.applicationsErrorText')}</Alert>;
  }
  if (applications.data.Applications.length === 0) {
    return <Typography>{settings.get('dashboardTexts.noApplicationsText')}</Typography>;
  }
  return (
    <ChooseThenList
      name="applicationNumber"
      label={settings.get('applicationDetailsTexts.applicationNumberLabel')}
      initial={chosen}
      choices={applications.data.Applications.map((application) => ({
        value: application.ApplicationNumber,
        label: application.ApplicationNumber,
      }))}
    >
      {(number) => (
        <DocumentList
          key={number}
          query={applicationDocumentsQuery(number)}
          target={{ kind: 'application', number }}
        />
      )}
    </ChooseThenList>
  );
}
