import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  calendarDateIn,
  formatUsDate,
  hostDateOf,
  type StatementFormat,
  type StatementListItem,
} from '@portal/domain';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useConfirm } from '../../../components/dialogs/confirm-dialog';
import { DIALOG_WIDTH } from '../../../components/dialogs/portal-dialog';
import { LazyRichText } from '../../../components/lazy-rich-text';
import { openInNewTab } from '../../../lib/new-tab';
import { useSignedInUser } from '../../../lib/session/session-context';
import { useSettings } from '../../../lib/settings/settings-context';
import { getProviderStatementUrl, statementDocumentUrl, useStatementList } from '../api/statements';

/**
 * E-statements (spec 002 "E-statements section"): the paperless toggle (withdrawal asks first,
 * consent optionally), a year among the last few, and the year's statements, each opened by its
 * provider: built-in (0) and document family (4) in a new tab, the URL family (1, 3) after the
 * external-statement notice.
 */
export function EStatementsSection(props: {
  accountNumber: string;
  format: StatementFormat;
  saveFormat(format: StatementFormat): Promise<unknown>;
}) {
  const settings = useSettings();
  const user = useSignedInUser();
  const confirm = useConfirm();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const electronic = props.format === 'ElectronicOnly';

  async function toggle(on: boolean) {
    setError(undefined);
    if (!on) {
      const withdraw = await confirm({
        title: 'E-Statements',
        text: settings.get('eStatementTexts.withdrawText'),
      });
      if (!withdraw) return;
    } else if (settings.get('eStatementOptions.useEStatementConsentConfirmationOption')) {
      const consent = await confirm({
        title: 'E-Statements',
        width: DIALOG_WIDTH.wide,
        text: <LazyRichText html={settings.get('eStatementTexts.consentRichText')} />,
      });
      if (!consent) return;
    }
    setSaving(true);
    try {
      await props.saveFormat(on ? 'ElectronicOnly' : 'PaperOnly');
    } catch {
      setError(settings.get('loanDetailsTexts.networkSaveErrorText'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Box component="section" aria-labelledby="estatements-heading">
      <Typography variant="h5" component="h2" id="estatements-heading" gutterBottom>
        E-Statements
      </Typography>
      <Stack spacing={2}>
        {user.emailAddress.trim() === '' && !electronic ? (
          <Alert severity="info">
            {settings.get('eStatementTexts.emailPromptText')}{' '}
            <Link component={RouterLink} to="/myaccount/profile">
              {settings.get('loggedInLayout.profileMenuText')}
            </Link>
          </Alert>
        ) : null}
        <FormControlLabel
          control={
            <Switch
              checked={electronic}
              disabled={saving}
              onChange={(event) => void toggle(event.target.checked)}
            />
          }
          label="Receive statements electronically"
        />
        {error ? <Alert severity="error">{error}</Alert> : null}
        <StatementList accountNumber={props.accountNumber} />
      </Stack>
    </Box>
  );
}

/** The year selector (the last few years) and the year's statements, each opened by its provider. */
export function StatementList(props: { accountNumber: string }) {
  const settings = useSettings();
  const confirm = useConfirm();
  const [error, setError] = useState<string | undefined>(undefined);
  const thisYear = Number(
    calendarDateIn(settings.get('localeOptions.institutionTimeZone'), new Date()).slice(0, 4),
  );
  const years = Array.from(
    { length: Math.max(1, settings.get('eStatementOptions.statementYears')) },
    (_, index) => thisYear - index,
  );
  const [year, setYear] = useState(thisYear);
  const statements = useStatementList(props.accountNumber, year);
  async function open(statement: StatementListItem) {
    setError(undefined);
    try {
      if (statement.Provider === 1 || statement.Provider === 3) {
        const go = await confirm({
          title: 'E-Statements',
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
        label="Year"
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
        <Skeleton variant="rounded" height={80} aria-label="Loading statements" />
      ) : statements.isError || statements.data.StatementList.length === 0 ? (
        <Typography>{settings.get('eStatementTexts.noStatementsText')}</Typography>
      ) : (
        <List dense aria-label={`Statements of ${year}`}>
          {statements.data.StatementList.map((statement) => (
            <ListItem key={statement.Id} disableGutters>
              <Link component="button" type="button" onClick={() => void open(statement)}>
                Statement {formatUsDate(hostDateOf(statement.Date))}
              </Link>
            </ListItem>
          ))}
        </List>
      )}
      {error ? <Alert severity="error">{error}</Alert> : null}
    </Stack>
  );
}
