import Alert from '@mui/material/Alert';
import { ErrorAlert } from '../../../components/error-alert/error-alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  calendarDateIn,
  configuredAgreements,
  parseModifyErrorMessage,
  subscriptionChanges,
  TEXTING_ERROR_TEXTS,
  TEXTING_ERRORS,
  textingAgreementsNeeded,
  type ProfilePhoneNumber,
  type SubscriptionOption,
  type TextingError,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { DIALOG_WIDTH, PortalDialog } from '../../../components/dialogs/portal-dialog';
import { useAgreementLogging } from '../../../lib/agreements/agreement-logging';
import { ApiError } from '../../../lib/api-client';
import { safeLinkUrl } from '../../../lib/external-link';
import { useSignedInUser } from '../../../lib/session/session-context';
import { useSettings } from '../../../lib/settings/settings-context';
import { useProfileUpdates } from '../api/profile-updates';
import { postModifySubscriptions, subscriptionInfoQuery } from '../api/text-subscriptions';

/** How the dialog ended: saved, the texting agreement declined, or closed without saving. */
export type TextSubscriptionResult = 'saved' | 'disagreed';

function isTextingError(code: string | undefined): code is TextingError {
  return code !== undefined && Object.hasOwn(TEXTING_ERROR_TEXTS, code);
}

/** A texting call's refusal in the settings' words (spec 002 section 8, "Text modal"). */
function textingErrorText(error: unknown, settings: SettingsAccessor): string {
  const code = error instanceof ApiError ? error.code : undefined;
  return isTextingError(code)
    ? settings.get(TEXTING_ERROR_TEXTS[code])
    : settings.get('textingTexts.loadErrorText');
}

/** The texting agreement step: its documents as links, Agree posts it, Disagree declines. */
function AgreementStep(props: { onAgreed(): void; onDisagree(): void }) {
  const settings = useSettings();
  const user = useSignedInUser();
  const logging = useAgreementLogging();
  const [failed, setFailed] = useState(false);
  // The agreements the server waits for: the texting ones dated today or earlier (spec 000).
  const agreements = useMemo(
    () =>
      textingAgreementsNeeded(configuredAgreements(settings), {
        acceptances: [],
        today: calendarDateIn(settings.get('localeOptions.institutionTimeZone'), new Date()),
      }),
    [settings],
  );
  async function agree() {
    setFailed(false);
    try {
      await logging.mutateAsync({
        Agreements: agreements.map((agreement) => agreement.hostNum),
        UserName: user.username,
        TurnEStatementsOn: false,
        UnRestrictEmail: false,
      });
      props.onAgreed();
    } catch {
      setFailed(true);
    }
  }
  return (
    <PortalDialog
      title={settings.get('textingTexts.dialogTitleText')}
      width={DIALOG_WIDTH.wide}
      // Closing the agreement is declining it (spec 002: "Disagree or close gives userDisagree").
      onEscape={props.onDisagree}
      actions={
        <>
          <Button onClick={props.onDisagree} disabled={logging.isPending}>
            {settings.get('textingTexts.disagreeButtonText')}
          </Button>
          <Button variant="contained" loading={logging.isPending} onClick={() => void agree()}>
            {settings.get('textingTexts.agreeButtonText')}
          </Button>
        </>
      }
    >
      <Typography>{settings.get('postLoginTexts.agreementsInstructionsText')}</Typography>
      <List dense>
        {agreements.map((agreement) => {
          const url = safeLinkUrl(agreement.url);
          return (
            <ListItem key={agreement.hostNum} disableGutters>
              {url ? (
                <Link href={url} target="_blank" rel="noopener noreferrer">
                  {agreement.name}
                </Link>
              ) : (
                agreement.name
              )}
            </ListItem>
          );
        })}
      </List>
      {failed ? (
        <ErrorAlert>{settings.get('profileErrorTexts.agreementErrorText')}</ErrorAlert>
      ) : null}
    </PortalDialog>
  );
}

/** One programme's two checkboxes, marketing and account (spec 002 "Text subscription dialog"). */
function ProgrammeOptions(props: {
  option: SubscriptionOption;
  disabled: boolean;
  onChange(option: SubscriptionOption): void;
}) {
  const settings = useSettings();
  const labelId = useId();
  const { option } = props;
  return (
    <FormGroup role="group" aria-labelledby={labelId} row>
      <FormLabel id={labelId} sx={{ width: '100%' }}>
        {option.BrandingName}
      </FormLabel>
      <FormControlLabel
        disabled={props.disabled}
        control={
          <Checkbox
            checked={option.OptInMarketing}
            onChange={(event) =>
              props.onChange({ ...option, OptInMarketing: event.target.checked })
            }
          />
        }
        label={settings.get('textingTexts.marketingColumnText')}
      />
      <FormControlLabel
        disabled={props.disabled}
        control={
          <Checkbox
            checked={option.OptInAccount}
            onChange={(event) => props.onChange({ ...option, OptInAccount: event.target.checked })}
          />
        }
        label={settings.get('textingTexts.accountColumnText')}
      />
    </FormGroup>
  );
}

/**
 * The options step: each programme's checkboxes; Save (enabled only when they differ from the
 * loaded ones) sends the changed programmes only, then sets the phone's texting opt-in to whether
 * any option is on. A programme the server refused returns to its loaded options with the modify
 * message; after a failure naming no programme (a 500, the network) the options are read back,
 * with the same message. An opt-in that could not be saved asks to retry or cancel.
 */
function OptionsStep(props: {
  phone: ProfilePhoneNumber;
  loaded: readonly SubscriptionOption[];
  onDone(result?: TextSubscriptionResult): void;
}) {
  const settings = useSettings();
  const { personalInfo } = useProfileUpdates();
  const queryClient = useQueryClient();
  const [loaded, setLoaded] = useState<readonly SubscriptionOption[]>(props.loaded);
  const [edited, setEdited] = useState<readonly SubscriptionOption[]>(props.loaded);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const [retry, setRetry] = useState<boolean | undefined>(undefined);
  const changes = subscriptionChanges(loaded, edited);

  /** The phone's OptInToTexting follows the options; false when that save failed. */
  async function saveOptIn(optIn: boolean): Promise<boolean> {
    if (props.phone.OptInToTexting === optIn) return true;
    try {
      await personalInfo.mutateAsync({
        Address: null,
        PhoneNumbers: [{ ...props.phone, OptInToTexting: optIn }],
      });
      return true;
    } catch {
      return false;
    }
  }

  async function finish(options: readonly SubscriptionOption[]) {
    const optIn = options.some((option) => option.OptInMarketing || option.OptInAccount);
    if (await saveOptIn(optIn)) {
      props.onDone('saved');
    } else {
      setRetry(optIn);
    }
  }

  /**
   * After a failure that names no programme (a 500, the network), what was saved is unknown: the
   * options are read back. Undefined when that fails too (the form then shows the loaded ones).
   */
  async function optionsSavedAfterFailure(): Promise<readonly SubscriptionOption[] | undefined> {
    try {
      const info = await queryClient.fetchQuery(subscriptionInfoQuery(props.phone.PhoneNumber));
      return info.SubscriptionInfo?.Options;
    } catch {
      return undefined;
    }
  }

  async function save() {
    setBusy(true);
    setError(undefined);
    try {
      if (changes.length === 0) {
        setError(settings.get('textingTexts.noChangesText'));
        return;
      }
      try {
        await postModifySubscriptions(props.phone.PhoneNumber, changes);
        setLoaded(edited);
        await finish(edited);
      } catch (failure) {
        const code = failure instanceof ApiError ? failure.code : undefined;
        const refused =
          failure instanceof ApiError
            ? failure.errors.map(parseModifyErrorMessage).filter((change) => change !== null)
            : [];
        // A refusal by code (not textable, the terms, no changes) saved nothing: the edits stay.
        if (refused.length === 0 && isTextingError(code)) {
          setError(settings.get(TEXTING_ERROR_TEXTS[code]));
          return;
        }
        const saved =
          refused.length > 0
            ? // The refused programmes return to their loaded options; the others were saved.
              edited.map((option) =>
                refused.some((change) => change.BrandingId === option.BrandingId)
                  ? (loaded.find((before) => before.BrandingId === option.BrandingId) ?? option)
                  : option,
              )
            : await optionsSavedAfterFailure();
        setLoaded(saved ?? loaded);
        setEdited(saved ?? loaded);
        // Spec 002 section 8's modify failure: the form now shows what is saved.
        setError(settings.get('textingTexts.modifyErrorText'));
        if (!saved) return;
        const optIn = saved.some((option) => option.OptInMarketing || option.OptInAccount);
        if (!(await saveOptIn(optIn))) setRetry(optIn);
      }
    } finally {
      setBusy(false);
    }
  }

  if (retry !== undefined) {
    const optIn = retry;
    return (
      <PortalDialog
        title={settings.get('textingTexts.dialogTitleText')}
        width={DIALOG_WIDTH.wide}
        onEscape={() => props.onDone()}
        actions={
          <>
            <Button disabled={busy} onClick={() => props.onDone()}>
              {settings.get('commonTexts.cancelButtonText')}
            </Button>
            <Button
              variant="contained"
              loading={busy}
              onClick={() => {
                setBusy(true);
                void saveOptIn(optIn).then((saved) => {
                  setBusy(false);
                  if (saved) props.onDone('saved');
                });
              }}
            >
              {settings.get('textingTexts.retryButtonText')}
            </Button>
          </>
        }
      >
        <Alert severity="warning">{settings.get('textingTexts.retryText')}</Alert>
      </PortalDialog>
    );
  }

  return (
    <PortalDialog
      title={settings.get('textingTexts.dialogTitleText')}
      width={DIALOG_WIDTH.wide}
      onEscape={() => props.onDone()}
      actions={
        <>
          <Button disabled={busy} onClick={() => props.onDone()}>
            {settings.get('commonTexts.cancelButtonText')}
          </Button>
          <Button
            variant="contained"
            loading={busy}
            disabled={changes.length === 0}
            onClick={() => void save()}
          >
            {settings.get('commonTexts.saveButtonText')}
          </Button>
        </>
      }
    >
      <Stack spacing={1}>
        {edited.map((option) => (
          <ProgrammeOptions
            key={option.BrandingId}
            option={option}
            disabled={busy}
            onChange={(next) =>
              setEdited((current) =>
                current.map((candidate) =>
                  candidate.BrandingId === next.BrandingId ? next : candidate,
                ),
              )
            }
          />
        ))}
        {error ? <ErrorAlert>{error}</ErrorAlert> : null}
      </Stack>
    </PortalDialog>
  );
}

/**
 * The text subscription dialog (spec 002 "Text subscription dialog", sections 4 and 8): the
 * texting agreement first when the server says it is still to accept (userDisagree), then the
 * phone's options per programme. Closing or Disagree at the agreement ends it as 'disagreed'.
 * Open it not dismissible: each step decides what Escape means.
 */
export function TextSubscriptionDialog(props: {
  phone: ProfilePhoneNumber;
  onClose(result?: TextSubscriptionResult): void;
}) {
  const settings = useSettings();
  const info = useQuery(subscriptionInfoQuery(props.phone.PhoneNumber));
  const code = info.error instanceof ApiError ? info.error.code : undefined;

  if (code === TEXTING_ERRORS.mustAgree) {
    return (
      <AgreementStep
        onAgreed={() => void info.refetch()}
        onDisagree={() => props.onClose('disagreed')}
      />
    );
  }
  if (info.data?.SubscriptionInfo) {
    return (
      <OptionsStep
        phone={props.phone}
        loaded={info.data.SubscriptionInfo.Options}
        onDone={props.onClose}
      />
    );
  }
  const failed = info.isError || (info.data !== undefined && !info.data.SubscriptionInfo);
  return (
    <PortalDialog
      title={settings.get('textingTexts.dialogTitleText')}
      width={DIALOG_WIDTH.wide}
      onEscape={() => props.onClose()}
      actions={
        <Button onClick={() => props.onClose()}>
          {settings.get('commonTexts.cancelButtonText')}
        </Button>
      }
    >
      {failed ? (
        <ErrorAlert>{textingErrorText(info.error, settings)}</ErrorAlert>
      ) : (
        <Stack sx={{ alignItems: 'center', py: 2 }}>
          <CircularProgress size={30} aria-label={settings.get('textingTexts.dialogTitleText')} />
        </Stack>
      )}
    </PortalDialog>
  );
}
