import { ErrorAlert } from '../../../components/error-alert/error-alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  PROFILE_ALERT_KEYS,
  textAlertsAvailable,
  UpdateNotificationsResponse,
  upperCaseKey,
  type ProfileAlertKey,
  type ProfileDataResponse,
  type ProfilePhoneNumber,
  type UpdateNotificationsRequest,
  type UserAlertsInfo,
} from '@portal/domain';
import type { SettingKey } from '@portal/settings-schema';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { profileDataKey } from '../../../lib/profile/profile-data';
import { profileKeys } from '../../../lib/session/get-profile';
import { useSettings } from '../../../lib/settings/settings-context';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useProfileUpdates } from '../api/profile-updates';
import { SaveControls, useSavedMark } from './save-controls';

const ALERT_TEXTS = {
  userRestricted: 'notificationTexts.userRestrictedText',
  restrictedPasswordViolation: 'notificationTexts.restrictedPasswordViolationText',
  userLogsOn: 'notificationTexts.userLogsOnText',
  moneyTransOnWeb: 'notificationTexts.moneyTransOnWebText',
  logonNameChange: 'notificationTexts.logonNameChangeText',
  passwordGenerated: 'notificationTexts.passwordGeneratedText',
  passwordChanged: 'notificationTexts.passwordChangedText',
  emailAddressChanged: 'notificationTexts.emailAddressChangedText',
  optOutMarketingAlerts: 'notificationTexts.optOutMarketingAlertsText',
  optOutTransactionalAlerts: 'notificationTexts.optOutTransactionalAlertsText',
} as const satisfies Record<ProfileAlertKey, SettingKey>;

type Choices = Pick<UserAlertsInfo, 'turnOffAllAlerts' | 'emailAlerts' | 'textAlerts'>;

function choicesOf(info: UserAlertsInfo): Choices {
  return {
    turnOffAllAlerts: info.turnOffAllAlerts,
    emailAlerts: info.emailAlerts,
    textAlerts: info.textAlerts,
  };
}

function upperCased(choices: Readonly<Record<string, boolean>>): Record<string, boolean> {
  return Object.fromEntries(
    Object.entries(choices).map(([key, value]) => [upperCaseKey(key), value]),
  );
}

/** The form as the server takes it: upper-case keys, AlertsAreDirty true (spec 002 section 7). */
function notificationsRequest(info: UserAlertsInfo, choices: Choices): UpdateNotificationsRequest {
  return {
    SequenceNumber: info.sequenceNumber,
    TurnOffAllAlerts: choices.turnOffAllAlerts,
    AlertsAreDirty: true,
    EmailAlerts: upperCased(choices.emailAlerts),
    TextAlerts: upperCased(choices.textAlerts),
  };
}

/**
 * The preferences saved meanwhile by another tab or device, when a save was refused for naming
 * an older sequence number (the server answers Error with what is saved now); else undefined.
 */
function savedElsewhereOf(
  failure: unknown,
  sentSequenceNumber: number,
): UserAlertsInfo | undefined {
  if (!(failure instanceof ApiError)) return undefined;
  const saved = UpdateNotificationsResponse.safeParse(failure.body).data?.UserAlertsInfo;
  return saved && saved.sequenceNumber !== sentSequenceNumber ? saved : undefined;
}

/**
 * Notifications (spec 002 "Profile page", sections 5 and 6): an Email and a Text toggle per alert;
 * the Text toggles show where the institution offers texting and are disabled while no phone is
 * opted in to it. Save and Cancel show only with unsaved changes. A save refused because the
 * preferences were saved elsewhere first shows what is saved now (and reads the profile again),
 * with the save's error, so the borrower never goes on from a stale copy.
 */
export function NotificationsSection(props: {
  info: UserAlertsInfo;
  /** The personal information's phones (null when that section is hidden). */
  phones: readonly ProfilePhoneNumber[] | null;
}) {
  const settings = useSettings();
  const [choices, setChoices] = useState<Choices>(() => choicesOf(props.info));
  const saved = choicesOf(props.info);
  // New saved choices (this form's save, or a texting opt-in withdrawn) replace the form's, in
  // place: remounting the form instead would also drop the check mark of the save just made.
  const savedKey = JSON.stringify(saved);
  const [shownSaved, setShownSaved] = useState(savedKey);
  if (shownSaved !== savedKey) {
    setShownSaved(savedKey);
    setChoices(saved);
  }
  const dirty = JSON.stringify(choices) !== JSON.stringify(saved);
  const { notifications } = useProfileUpdates();
  const queryClient = useQueryClient();
  const [savedMark, showSavedMark, hideSavedMark] = useSavedMark();
  const [error, setError] = useState<string | undefined>(undefined);
  const { setUnsavedChanges } = useUnsavedChanges();
  useEffect(() => setUnsavedChanges(dirty, 'notifications'), [dirty, setUnsavedChanges]);
  useEffect(() => () => setUnsavedChanges(false, 'notifications'), [setUnsavedChanges]);

  const textOffered = settings.get('notificationOptions.allowTextMessagesOption');
  const textEnabled = textAlertsAvailable(textOffered, props.phones);
  // Why the Text toggles are off: no number at all, or a number not opted in to texting.
  const phoneListed = (props.phones ?? []).some((phone) => /\d/.test(phone.PhoneNumber));
  const emailColumn = settings.get('notificationTexts.emailColumnText');
  const textColumn = settings.get('notificationTexts.textColumnText');

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    hideSavedMark();
    try {
      const answer = await notifications.mutateAsync(notificationsRequest(props.info, choices));
      if (answer.UserAlertsInfo) setChoices(choicesOf(answer.UserAlertsInfo));
      showSavedMark();
    } catch (failure) {
      const savedElsewhere = savedElsewhereOf(failure, props.info.sequenceNumber);
      if (savedElsewhere) {
        queryClient.setQueryData<ProfileDataResponse>(profileDataKey(), (old) =>
          old ? { ...old, UserAlertsInfo: savedElsewhere } : old,
        );
        setChoices(choicesOf(savedElsewhere));
        void queryClient.invalidateQueries({ queryKey: profileKeys.all() });
      }
      setError(settings.get('profileErrorTexts.notificationsErrorText'));
    }
  }

  return (
    <Box component="section" aria-labelledby="profile-notifications-heading">
      <Typography variant="h5" component="h2" id="profile-notifications-heading" gutterBottom>
        {settings.get('profileTexts.notificationsHeadingText')}
      </Typography>
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={(event) => void submit(event)}
        aria-labelledby="profile-notifications-heading"
      >
        <FormControlLabel
          control={
            <Switch
              checked={choices.turnOffAllAlerts}
              onChange={(event) =>
                setChoices((current) => ({ ...current, turnOffAllAlerts: event.target.checked }))
              }
            />
          }
          label={settings.get('notificationTexts.turnOffAllAlertsText')}
        />
        <FormControlLabel
          control={
            <Switch
              checked={choices.emailAlerts.optInOutEmailAlerts}
              onChange={(event) =>
                setChoices((current) => ({
                  ...current,
                  emailAlerts: {
                    ...current.emailAlerts,
                    optInOutEmailAlerts: event.target.checked,
                  },
                }))
              }
            />
          }
          label={settings.get('notificationTexts.optInOutEmailAlertsText')}
        />
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby="profile-notifications-heading">
            <TableHead>
              <TableRow>
                <TableCell component="td" />
                <TableCell>{emailColumn}</TableCell>
                {textOffered ? <TableCell>{textColumn}</TableCell> : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {PROFILE_ALERT_KEYS.map((key) => {
                const label = settings.get(ALERT_TEXTS[key]);
                return (
                  <TableRow key={key}>
                    <TableCell component="th" scope="row">
                      {label}
                    </TableCell>
                    <TableCell>
                      <Switch
                        checked={choices.emailAlerts[key]}
                        slotProps={{ input: { 'aria-label': `${label}: ${emailColumn}` } }}
                        onChange={(event) =>
                          setChoices((current) => ({
                            ...current,
                            emailAlerts: { ...current.emailAlerts, [key]: event.target.checked },
                          }))
                        }
                      />
                    </TableCell>
                    {textOffered ? (
                      <TableCell>
                        <Switch
                          checked={choices.textAlerts[key]}
                          disabled={!textEnabled}
                          slotProps={{ input: { 'aria-label': `${label}: ${textColumn}` } }}
                          onChange={(event) =>
                            setChoices((current) => ({
                              ...current,
                              textAlerts: { ...current.textAlerts, [key]: event.target.checked },
                            }))
                          }
                        />
                      </TableCell>
                    ) : null}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
        {textOffered && !textEnabled ? (
          <Typography variant="body2">
            {settings.get(phoneListed ? 'textingTexts.notOptedInText' : 'textingTexts.noPhoneText')}
          </Typography>
        ) : null}
        {error ? <ErrorAlert>{error}</ErrorAlert> : null}
        <SaveControls
          dirty={dirty}
          busy={notifications.isPending}
          savedMark={savedMark}
          onCancel={() => {
            setError(undefined);
            setChoices(saved);
          }}
        />
      </Stack>
    </Box>
  );
}
