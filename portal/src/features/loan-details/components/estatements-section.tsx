import Alert from '@mui/material/Alert';
import { ErrorAlert } from '../../../components/error-alert/error-alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type AccountAlerts,
  fillPlaceholders,
  formatUsDate,
  hostDateOf,
  type StatementFormat,
  type StatementListItem,
  paperlessWithoutEmail,
  textAlertsAvailable,
} from '@portal/domain';
import { LazyRichText } from '@portal/web-kit';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useConfirm } from '../../../components/dialogs/confirm-dialog';
import { DIALOG_WIDTH } from '../../../components/dialogs/portal-dialog';
import { useAgreementLogging } from '../../../lib/agreements/agreement-logging';
import { safeLinkUrl } from '../../../lib/external-link';
import { openInNewTab } from '../../../lib/new-tab';
import { useProfileData } from '../../../lib/profile/profile-data';
import { useSignedInUser } from '../../../lib/session/session-context';
import { useSettings } from '../../../lib/settings/settings-context';
import { getProviderStatementUrl, statementDocumentUrl, useStatementList } from '../api/statements';
import { LoadingBlock } from '../../../components/loading-block';
import { useServerToday } from '../hooks/use-server-today';
import { loanLoadError, loanSaveErrors } from '../utils/save-errors';

/** An agreement the user has yet to accept before paperless statements (host number for the log). */
export interface EStatementAgreement {
  Name: string;
  Url: string;
  HostNum: number;
}

/** The agreements as links, each opening its document in a new tab. */
function AgreementLinks(props: { agreements: readonly EStatementAgreement[] }) {
  return (
    <List dense disablePadding>
      {props.agreements.map((agreement) => {
        const url = safeLinkUrl(agreement.Url);
        return (
          <ListItem key={agreement.HostNum} disableGutters>
            {url ? (
              <Link href={url} target="_blank" rel="noopener noreferrer">
                {agreement.Name}
              </Link>
            ) : (
              agreement.Name
            )}
          </ListItem>
        );
      })}
    </List>
  );
}

/**
 * E-statements (spec 002 "E-statements section"): the paperless toggle (withdrawal asks first;
 * going paperless shows the consent when configured and the e-statement agreements still to be
 * accepted, records them through AgreementLogging, then saves), the agreement-updated notice while
 * paperless, the alerts for a new statement, a year among the last few, and the year's statements, each opened by its provider:
 * built-in (0) and document family (4) in a new tab, the URL family (1, 3) after the
 * external-statement notice.
 */
export function EStatementsSection(props: {
  accountNumber: string;
  format: StatementFormat;
  /** The e-statement agreements the user has not accepted in their current version. */
  agreements: readonly EStatementAgreement[];
  saveFormat(format: StatementFormat): Promise<unknown>;
  /** The account's alerts as saved; this section shows and saves the e-statement ones. */
  alerts: AccountAlerts;
  saveAlerts(alerts: AccountAlerts): Promise<unknown>;
  /** Reloads the page's data once agreements are recorded without a format change. */
  refresh(): Promise<unknown>;
}) {
  const settings = useSettings();
  const user = useSignedInUser();
  const confirm = useConfirm();
  const agreementLogging = useAgreementLogging();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const electronic = props.format === 'ElectronicOnly';
  const agreementUpdated = electronic && props.agreements.length > 0;

  /** Records the outstanding agreements; false (with the spec's wording shown) when that fails. */
  async function recordAgreements(): Promise<boolean> {
    if (props.agreements.length === 0) return true;
    try {
      await agreementLogging.mutateAsync({
        Agreements: props.agreements.map((agreement) => agreement.HostNum),
        UserName: user.username,
        TurnEStatementsOn: true,
        UnRestrictEmail: false,
      });
      return true;
    } catch {
      setError(settings.get('profileErrorTexts.agreementErrorText'));
      return false;
    }
  }

  /** The consent (when configured) and the agreements to accept, in one confirmation. */
  function consentContent(): ReactNode | undefined {
    const consent = settings.get('eStatementOptions.useEStatementConsentConfirmationOption');
    if (!consent && props.agreements.length === 0) return undefined;
    return (
      <Stack spacing={1}>
        {consent ? <LazyRichText html={settings.get('eStatementTexts.consentRichText')} /> : null}
        {props.agreements.length > 0 ? (
          <>
            <Typography>{settings.get('postLoginTexts.agreementsInstructionsText')}</Typography>
            <AgreementLinks agreements={props.agreements} />
          </>
        ) : null}
      </Stack>
    );
  }

  async function run(work: () => Promise<unknown>) {
    setSaving(true);
    try {
      await work();
    } catch (failure) {
      setError(loanSaveErrors(failure, settings).join(' '));
    } finally {
      setSaving(false);
    }
  }

  async function toggle(on: boolean) {
    setError(undefined);
    if (!on) {
      const withdraw = await confirm({
        title: settings.get('eStatementTexts.dialogTitleText'),
        text: settings.get('eStatementTexts.withdrawText'),
      });
      if (!withdraw) return;
      await run(() => props.saveFormat('PaperOnly'));
      return;
    }
    const content = consentContent();
    if (content) {
      const agreed = await confirm({
        title: settings.get('eStatementTexts.dialogTitleText'),
        width: DIALOG_WIDTH.wide,
        text: content,
        confirmText: settings.get('agreementTexts.agreeButtonText'),
      });
      if (!agreed) return;
    }
    await run(async () => {
      if (await recordAgreements()) await props.saveFormat('ElectronicOnly');
    });
  }

  async function agreeToUpdate() {
    setError(undefined);
    const agreed = await confirm({
      title: settings.get('eStatementTexts.dialogTitleText'),
      width: DIALOG_WIDTH.wide,
      text: consentContent(),
      confirmText: settings.get('agreementTexts.agreeButtonText'),
    });
    if (!agreed) return;
    await run(async () => {
      if (await recordAgreements()) await props.refresh();
    });
  }

  const noEmail = !electronic && paperlessWithoutEmail('ElectronicOnly', user.emailAddress);

  return (
    <Box component="section" aria-labelledby="estatements-heading">
      <Typography variant="h5" component="h2" id="estatements-heading" gutterBottom>
        {settings.get('eStatementTexts.headingText')}
      </Typography>
      <Stack spacing={2}>
        {noEmail ? (
          <Alert severity="info" id={`estatements-email-${props.accountNumber}`}>
            {settings.get('eStatementTexts.emailPromptText')}{' '}
            <Link component={RouterLink} to="/myaccount/profile">
              {settings.get('loggedInLayout.profileMenuText')}
            </Link>
          </Alert>
        ) : null}
        {agreementUpdated ? (
          <Alert
            severity="warning"
            action={
              <Button
                color="inherit"
                size="small"
                disabled={saving}
                onClick={() => void agreeToUpdate()}
              >
                {settings.get('agreementTexts.agreeButtonText')}
              </Button>
            }
          >
            {settings.get('eStatementTexts.agreementUpdatedText')}
            <AgreementLinks agreements={props.agreements} />
          </Alert>
        ) : null}
        <FormControlLabel
          control={
            <Switch
              checked={electronic}
              // No address, no paperless (paperlessWithoutEmail): the prompt above says why.
              disabled={saving || noEmail}
              slotProps={{
                input: noEmail
                  ? { 'aria-describedby': `estatements-email-${props.accountNumber}` }
                  : {},
              }}
              onChange={(event) => void toggle(event.target.checked)}
            />
          }
          label={settings.get('eStatementTexts.toggleLabel')}
        />
        {error ? <ErrorAlert>{error}</ErrorAlert> : null}
        <StatementAlerts saved={props.alerts} save={props.saveAlerts} />
        <StatementList accountNumber={props.accountNumber} />
      </Stack>
    </Box>
  );
}

const STATEMENT_ALERT_CHANNELS = [
  { channel: 'TextAlerts', label: 'eStatementTexts.textAlertLabel' },
  { channel: 'EmailAlerts', label: 'eStatementTexts.emailAlertLabel' },
] as const;

/**
 * The alerts for a new statement, by text (only with the text-messages option) and by e-mail:
 * each change saves at once, with the account's other alerts as saved.
 */
function StatementAlerts(props: {
  saved: AccountAlerts;
  save(alerts: AccountAlerts): Promise<unknown>;
}) {
  const settings = useSettings();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const textOn = settings.get('notificationOptions.allowTextMessagesOption');
  // Text alerts need a phone opted in to texting (spec 002 sections 5 and 6): the profile says.
  const profile = useProfileData();
  const textEnabled = textAlertsAvailable(textOn, profile.data?.PersonalInfo?.PhoneNumbers);

  async function change(channel: 'TextAlerts' | 'EmailAlerts', on: boolean) {
    setBusy(true);
    setErrors([]);
    try {
      await props.save({
        ...props.saved,
        [channel]: { ...props.saved[channel], EstatementAlert: on },
      });
    } catch (failure) {
      setErrors(loanSaveErrors(failure, settings));
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormGroup aria-label={settings.get('eStatementTexts.alertsGroupLabel')}>
      <FormLabel component="legend">{settings.get('eStatementTexts.alertsLabel')}</FormLabel>
      {STATEMENT_ALERT_CHANNELS.filter(({ channel }) => channel === 'EmailAlerts' || textOn).map(
        ({ channel, label }) => (
          <FormControlLabel
            key={channel}
            control={
              <Checkbox
                checked={props.saved[channel].EstatementAlert}
                disabled={
                  busy ||
                  (channel === 'TextAlerts' &&
                    !textEnabled &&
                    !props.saved[channel].EstatementAlert)
                }
                onChange={(event) => void change(channel, event.target.checked)}
              />
            }
            label={settings.get(label)}
          />
        ),
      )}
      {errors.map((message) => (
        <ErrorAlert key={message}>{message}</ErrorAlert>
      ))}
    </FormGroup>
  );
}

/** The year selector (the last few years) and the year's statements, each opened by its provider. */
export function StatementList(props: {
  accountNumber: string;
  /** A deposit has no payment info to take the server's today from (useServerToday). */
  kind?: 'loan' | 'deposit';
}) {
  const settings = useSettings();
  const confirm = useConfirm();
  const [error, setError] = useState<string | undefined>(undefined);
  // The server's year, not the device's: the server lists the last few years of its own today,
  // and a device clock past New Year's Eve would ask for a year the server has no statements of.
  // The list waits for it (the loading block shows) rather than ask for the device's year first.
  const serverToday = useServerToday(props.accountNumber, { loan: props.kind !== 'deposit' });
  const thisYear = Number(serverToday.today.slice(0, 4));
  const years = Array.from(
    { length: Math.max(1, settings.get('eStatementOptions.statementYears')) },
    (_, index) => thisYear - index,
  );
  const [chosenYear, setYear] = useState<number | undefined>(undefined);
  const year = chosenYear ?? thisYear;
  const statements = useStatementList(props.accountNumber, year, {
    enabled: serverToday.settled,
  });
  async function open(statement: StatementListItem) {
    setError(undefined);
    try {
      if (statement.Provider === 1 || statement.Provider === 3) {
        const go = await confirm({
          title: settings.get('eStatementTexts.dialogTitleText'),
          text: settings.get('eStatementTexts.externalRedirectText'),
        });
        if (!go) return;
        await openInNewTab(getProviderStatementUrl(statement));
      } else {
        await openInNewTab(statementDocumentUrl(statement));
      }
    } catch {
      setError(settings.get('loanDetailsTexts.networkSaveErrorText'));
    }
  }

  return (
    <Stack spacing={2}>
      <TextField
        select
        size="small"
        label={settings.get('eStatementTexts.yearLabel')}
        value={year}
        onChange={(event) => setYear(Number(event.target.value))}
        sx={{ maxWidth: 160 }}
      >
        {years.map((option) => (
          <MenuItem key={option} value={option}>
            {option}
          </MenuItem>
        ))}
      </TextField>
      {statements.isPending ? (
        <LoadingBlock height={80} label={settings.get('eStatementTexts.loadingText')} />
      ) : statements.isError ? (
        // A list that could not load is not an empty year: say so, and offer to try again.
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void statements.refetch()}>
              {settings.get('commonTexts.tryAgainButtonText')}
            </Button>
          }
        >
          {loanLoadError(statements.error, settings, 'eStatementTexts.listErrorText')}
        </Alert>
      ) : statements.data.StatementList.length === 0 ? (
        <Typography>{settings.get('eStatementTexts.noStatementsText')}</Typography>
      ) : (
        <List
          dense
          aria-label={fillPlaceholders(settings.get('eStatementTexts.listLabel'), { year })}
        >
          {statements.data.StatementList.map((statement) => (
            <ListItem key={statement.Id} disableGutters>
              <Link component="button" type="button" onClick={() => void open(statement)}>
                {fillPlaceholders(settings.get('eStatementTexts.statementLinkText'), {
                  date: formatUsDate(hostDateOf(statement.Date)),
                })}
              </Link>
            </ListItem>
          ))}
        </List>
      )}
      {error ? <ErrorAlert>{error}</ErrorAlert> : null}
    </Stack>
  );
}
