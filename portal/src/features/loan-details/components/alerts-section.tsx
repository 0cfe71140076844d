import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import { ErrorAlert } from '../../../components/error-alert/error-alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type AccountAlerts,
  DUE_DATE_ALERT_DAYS_MAX_LENGTH,
  dueDateAlertsWithoutDays,
  fillPlaceholders,
  textAlertsAvailable,
} from '@portal/domain';
import { useEffect, useState } from 'react';
import { useProfileData } from '../../../lib/profile/profile-data';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useSettings } from '../../../lib/settings/settings-context';
import { SAVED_MARK_MS } from '../../../lib/saved-mark';
import { withDueDateAlertDefaults } from '../utils/alerts';
import { loanSaveErrors } from '../utils/save-errors';

type EmailAlerts = AccountAlerts['EmailAlerts'];

/** The wordings of each due-date alert: {number} is the alert's number (1 to 4). */
type DueDateAlertTextKey =
  | 'loanDetailsTexts.dueDateAlertGroupLabel'
  | 'loanDetailsTexts.dueDateAlertLabel'
  | 'loanDetailsTexts.dueDateDaysLabel'
  | 'loanDetailsTexts.dueDateBeforeAfterLabel';

/**
 * The alerts with the e-statement alerts as saved: those belong to the e-statements section
 * (spec 002), which saves them itself, so this section neither counts nor sends a change to them.
 */
function withSavedEStatementAlerts(alerts: AccountAlerts, saved: AccountAlerts): AccountAlerts {
  return {
    TextAlerts: { ...alerts.TextAlerts, EstatementAlert: saved.TextAlerts.EstatementAlert },
    EmailAlerts: { ...alerts.EmailAlerts, EstatementAlert: saved.EmailAlerts.EstatementAlert },
  };
}

/**
 * Alert preferences (spec 002 "Account alerts section"): delinquency alerts by text (only with
 * the text-messages option) and e-mail, and four due-date alerts by e-mail with before/after and
 * days. Save and Reset show only with unsaved changes.
 */
export function AlertsSection(props: {
  saved: AccountAlerts;
  save(alerts: AccountAlerts): Promise<unknown>;
}) {
  const settings = useSettings();
  const [alerts, setAlerts] = useState<AccountAlerts>(props.saved);
  const [busy, setBusy] = useState(false);
  const [savedMark, setSavedMark] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  // Set by a save attempt: from then on a reminder that is on without days is marked.
  const [checked, setChecked] = useState(false);
  const { setUnsavedChanges } = useUnsavedChanges();
  const own = withSavedEStatementAlerts(alerts, props.saved);
  const dirty = JSON.stringify(own) !== JSON.stringify(props.saved);
  const textOn = settings.get('notificationOptions.allowTextMessagesOption');
  // Text alerts need a phone opted in to texting (spec 002 sections 5 and 6): the profile says.
  const profile = useProfileData();
  const textEnabled = textAlertsAvailable(textOn, profile.data?.PersonalInfo?.PhoneNumbers);
  const defaultDays = settings.get('loanDetailsOptions.defaultDueDateAlertDays');

  useEffect(() => setUnsavedChanges(dirty, 'alerts'), [dirty, setUnsavedChanges]);
  useEffect(() => {
    if (!savedMark) return undefined;
    const timer = setTimeout(() => setSavedMark(false), SAVED_MARK_MS);
    return () => clearTimeout(timer);
  }, [savedMark]);

  const setEmail = (change: Partial<EmailAlerts>) =>
    setAlerts((current) =>
      withDueDateAlertDefaults(current, { ...current.EmailAlerts, ...change }, defaultDays),
    );
  const setText = (change: Partial<AccountAlerts['TextAlerts']>) =>
    setAlerts((current) => ({ ...current, TextAlerts: { ...current.TextAlerts, ...change } }));

  const withoutDays = dueDateAlertsWithoutDays(alerts.EmailAlerts);

  async function save() {
    // A reminder that is on needs its days (the server refuses it too).
    const first = withoutDays[0];
    if (first !== undefined) {
      setChecked(true);
      document.getElementById(`alert-days-${first}`)?.focus();
      return;
    }
    setBusy(true);
    setErrors([]);
    try {
      await props.save(own);
      setSavedMark(true);
    } catch (failure) {
      // The answer's errors in the settings' words, or the single 'Error' of a network failure.
      setErrors(loanSaveErrors(failure, settings));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box component="section" aria-labelledby="alerts-heading">
      <Typography variant="h5" component="h2" id="alerts-heading" gutterBottom>
        {settings.get('loanDetailsTexts.alertsHeadingText')}
      </Typography>
      <Stack spacing={2}>
        {textOn ? (
          <FormGroup aria-label={settings.get('loanDetailsTexts.textAlertsLabel')}>
            <FormLabel component="legend">
              {settings.get('loanDetailsTexts.textAlertsLabel')}
            </FormLabel>
            <FormControlLabel
              disabled={!textEnabled && !alerts.TextAlerts.AlertLoanDelinquent}
              control={
                <Checkbox
                  checked={alerts.TextAlerts.AlertLoanDelinquent}
                  onChange={(event) => setText({ AlertLoanDelinquent: event.target.checked })}
                />
              }
              label={settings.get('loanDetailsTexts.delinquentTextAlertLabel')}
            />
            {textEnabled ? null : (
              <Typography variant="body2">{settings.get('textingTexts.noPhoneText')}</Typography>
            )}
          </FormGroup>
        ) : null}
        <FormGroup aria-label={settings.get('loanDetailsTexts.emailAlertsLabel')}>
          <FormLabel component="legend">
            {settings.get('loanDetailsTexts.emailAlertsLabel')}
          </FormLabel>
          <FormControlLabel
            control={
              <Checkbox
                checked={alerts.EmailAlerts.AlertLoanDelinquent}
                onChange={(event) => setEmail({ AlertLoanDelinquent: event.target.checked })}
              />
            }
            label={settings.get('loanDetailsTexts.delinquentEmailAlertLabel')}
          />
        </FormGroup>
        {([1, 2, 3, 4] as const).map((alert) => {
          const on = `AlertLoanDueDate${alert}` as const;
          const before = `AlertLoanDueDate${alert}Before` as const;
          const days = `AlertLoanDueDate${alert}Days` as const;
          const maxLength = DUE_DATE_ALERT_DAYS_MAX_LENGTH[alert - 1];
          const worded = (key: DueDateAlertTextKey) =>
            fillPlaceholders(settings.get(key), { number: alert });
          return (
            <Box
              key={alert}
              role="group"
              aria-label={worded('loanDetailsTexts.dueDateAlertGroupLabel')}
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2 }}
            >
              <FormControlLabel
                control={
                  <Checkbox
                    checked={alerts.EmailAlerts[on]}
                    onChange={(event) => setEmail({ [on]: event.target.checked })}
                  />
                }
                label={worded('loanDetailsTexts.dueDateAlertLabel')}
              />
              <TextField
                size="small"
                id={`alert-days-${alert}`}
                label={worded('loanDetailsTexts.dueDateDaysLabel')}
                error={checked && withoutDays.includes(alert)}
                helperText={
                  checked && withoutDays.includes(alert)
                    ? settings.get('loanDetailsTexts.dueDateDaysPlaceholder')
                    : undefined
                }
                placeholder={settings.get('loanDetailsTexts.dueDateDaysPlaceholder')}
                value={alerts.EmailAlerts[days]}
                onChange={(event) =>
                  setEmail({ [days]: event.target.value.replace(/\D/g, '').slice(0, maxLength) })
                }
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength } }}
                sx={{ maxWidth: 220 }}
              />
              <RadioGroup
                row
                aria-label={worded('loanDetailsTexts.dueDateBeforeAfterLabel')}
                value={alerts.EmailAlerts[before] ? 'before' : 'after'}
                onChange={(event) => setEmail({ [before]: event.target.value === 'before' })}
              >
                <FormControlLabel
                  value="before"
                  control={<Radio />}
                  label={settings.get('loanDetailsTexts.dueDateBeforeText')}
                />
                <FormControlLabel
                  value="after"
                  control={<Radio />}
                  label={settings.get('loanDetailsTexts.dueDateAfterText')}
                />
              </RadioGroup>
            </Box>
          );
        })}
        {errors.map((message) => (
          <ErrorAlert key={message}>{message}</ErrorAlert>
        ))}
        {dirty || savedMark ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            {dirty ? (
              <>
                <Button variant="contained" loading={busy} onClick={() => void save()}>
                  {settings.get('commonTexts.saveButtonText')}
                </Button>
                <Button disabled={busy} onClick={() => setAlerts(props.saved)}>
                  {settings.get('loanDetailsTexts.resetButtonText')}
                </Button>
              </>
            ) : null}
            {savedMark ? (
              <CheckCircleOutlinedIcon
                color="success"
                titleAccess={settings.get('loanDetailsTexts.savedMarkText')}
                role="img"
              />
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </Box>
  );
}
