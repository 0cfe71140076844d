import SmsOutlinedIcon from '@mui/icons-material/SmsOutlined';
import { ErrorAlert } from '../../../components/error-alert/error-alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { PROFILE_PHONE_MASK, sanitizeAddressText, type ProfilePersonalInfo } from '@portal/domain';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { AddressFields } from '../../../components/address-fields/address-fields';
import { useDialogStack } from '../../../components/dialogs/dialog-stack';
import { FormCheckbox, FormMaskedField } from '../../../components/form-fields';
import { MASK_DESCRIPTIONS } from '../../../components/masked-input/masks';
import { useSettings } from '../../../lib/settings/settings-context';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useProfileUpdates } from '../api/profile-updates';
import { profileSaveErrors } from '../utils/profile-errors';
import {
  PERSONAL_INFO_FIELDS,
  personalInfoIssues,
  personalInfoRequest,
  phoneNumberChanged,
  savedPersonalInfoValues,
  type PersonalInfoValues,
} from '../utils/personal-info-form';
import { SaveControls, useSavedMark } from './save-controls';
import type { TextSubscriptionResult } from './text-subscription-dialog';

const ADDRESS_NAMES = {
  Address1: 'Address1',
  City: 'City',
  State: 'State',
  ZipCode: 'ZipCode',
} as const;

/**
 * Personal information (spec 002 "Profile page", sections 4 and 5): the address (the loan
 * address's fields and limits, and no PO box), one phone number masked 000-000-0000 with its
 * primary flag, and, where the institution offers texting, the texting opt-in: turning it on (or
 * the text icon) opens the text subscription dialog, whose save is what opts the phone in;
 * declining the agreement leaves it off. Turning it off is saved with the form (the server then
 * clears the text alerts). While the number is being changed the opt-in shows off and cannot be
 * turned on: a new number is saved not opted in, and its subscriptions come after it is saved.
 */
export function PersonalInfoSection(props: { info: ProfilePersonalInfo }) {
  const settings = useSettings();
  const dialogs = useDialogStack();
  const saved = useMemo(() => savedPersonalInfoValues(props.info), [props.info]);
  const form = useForm<PersonalInfoValues>({
    mode: 'onTouched',
    defaultValues: saved,
    resolver: (values, context, options) => latestResolver(values, context, options),
  });
  const { control, handleSubmit, reset, formState, setError, setValue, getFieldState } = form;
  const latestResolver: Resolver<PersonalInfoValues> = (values) => {
    const issues = personalInfoIssues(values, props.info, settings);
    const errors: FieldErrors<PersonalInfoValues> = {};
    for (const field of PERSONAL_INFO_FIELDS) {
      const message = issues[field];
      if (message) errors[field] = { type: 'validate', message };
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
  // A save elsewhere (the subscription dialog's opt-in) is the new saved copy; edits stay.
  useEffect(() => reset(saved, { keepDirtyValues: true }), [saved, reset]);

  const typed = useWatch({ control });
  const [street, city, optIn] = useWatch({ control, name: ['Address1', 'City', 'OptInToTexting'] });
  useEffect(() => {
    for (const [name, text] of [
      ['Address1', street],
      ['City', city],
    ] as const) {
      const clean = sanitizeAddressText(text);
      if (clean !== text) setValue(name, clean, { shouldDirty: true });
    }
  }, [street, city, setValue]);
  const valid =
    Object.keys(personalInfoIssues({ ...saved, ...typed }, props.info, settings)).length === 0;

  const { personalInfo } = useProfileUpdates();
  const [savedMark, showSavedMark, hideSavedMark] = useSavedMark();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [textingMessage, setTextingMessage] = useState<string | undefined>(undefined);
  const { setUnsavedChanges } = useUnsavedChanges();
  const dirty = formState.isDirty;
  useEffect(() => setUnsavedChanges(dirty, 'personalInfo'), [dirty, setUnsavedChanges]);
  useEffect(() => () => setUnsavedChanges(false, 'personalInfo'), [setUnsavedChanges]);

  const texting = settings.get('notificationOptions.allowTextMessagesOption');
  const [savedPhone] = props.info.PhoneNumbers;
  // The dialog works on the saved number: a number being changed is saved first.
  const phoneChanged =
    getFieldState('PhoneNumber', formState).isDirty &&
    phoneNumberChanged({ ...saved, ...typed }, props.info);
  const dialogAvailable = savedPhone !== undefined && !phoneChanged;

  async function openSubscriptions() {
    if (!savedPhone) return;
    setTextingMessage(undefined);
    const { TextSubscriptionDialog } = await import('./text-subscription-dialog');
    const result = await dialogs.open<TextSubscriptionResult | undefined>(
      (close) => <TextSubscriptionDialog phone={savedPhone} onClose={close} />,
      { dismissible: false },
    ).result;
    if (result === 'disagreed') setTextingMessage(settings.get('textingTexts.mustAgreeText'));
    if (result === 'saved') showSavedMark();
  }

  const submit = handleSubmit(async (values) => {
    setFormErrors([]);
    hideSavedMark();
    try {
      const answer = await personalInfo.mutateAsync(personalInfoRequest(values, props.info));
      if (answer.PersonalInfo) reset(savedPersonalInfoValues(answer.PersonalInfo));
      showSavedMark();
    } catch (failure) {
      const others: string[] = [];
      let focused = false;
      for (const error of profileSaveErrors(failure, settings)) {
        if (error.field === 'City' || error.field === 'Address1') {
          setError(
            error.field,
            { type: 'server', message: error.message },
            { shouldFocus: !focused },
          );
          focused = true;
        } else {
          others.push(error.message);
        }
      }
      setFormErrors(others);
    }
  });

  return (
    <Box component="section" aria-labelledby="profile-personal-info-heading">
      <Typography variant="h5" component="h2" id="profile-personal-info-heading" gutterBottom>
        {settings.get('profileTexts.personalInfoHeadingText')}
      </Typography>
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={submit}
        aria-labelledby="profile-personal-info-heading"
        sx={{ maxWidth: 480 }}
      >
        <AddressFields form={form} names={ADDRESS_NAMES} />
        <FormMaskedField
          control={control}
          name="PhoneNumber"
          mask={PROFILE_PHONE_MASK}
          label={settings.get('profileTexts.phoneLabel')}
          description={MASK_DESCRIPTIONS.profilePhone}
          autoComplete="tel-national"
          inputMode="tel"
          required
        />
        <FormCheckbox
          control={control}
          name="Primary"
          label={settings.get('profileTexts.primaryPhoneLabel')}
        />
        {texting ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <FormControlLabel
              disabled={phoneChanged || (!dialogAvailable && !optIn)}
              control={
                <Switch
                  checked={optIn && !phoneChanged}
                  onChange={(event) => {
                    if (event.target.checked) {
                      void openSubscriptions();
                    } else {
                      setValue('OptInToTexting', false, { shouldDirty: true });
                    }
                  }}
                />
              }
              label={settings.get('profileTexts.textOptInLabel')}
            />
            <IconButton
              aria-label={settings.get('profileTexts.textSubscriptionsButtonLabel')}
              disabled={!dialogAvailable}
              onClick={() => void openSubscriptions()}
            >
              <SmsOutlinedIcon />
            </IconButton>
          </Stack>
        ) : null}
        {texting && !savedPhone ? (
          <Typography variant="body2">{settings.get('textingTexts.noPhoneText')}</Typography>
        ) : null}
        {textingMessage ? <ErrorAlert>{textingMessage}</ErrorAlert> : null}
        {formErrors.map((message) => (
          <ErrorAlert key={message}>{message}</ErrorAlert>
        ))}
        <SaveControls
          dirty={dirty}
          busy={formState.isSubmitting}
          savedMark={savedMark}
          canSave={valid}
          onCancel={() => {
            setFormErrors([]);
            reset(saved);
          }}
        />
      </Stack>
    </Box>
  );
}
