import { zodResolver } from '@hookform/resolvers/zod';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import { ErrorAlert } from '../../../components/error-alert/error-alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import {
  type AddressField,
  type AddressIssue,
  type PostalAddress,
  postalAddressIssues,
  sanitizeAddressText,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { AddressFields, addressIssueText } from '../../../components/address-fields/address-fields';
import { ApiError } from '../../../lib/api-client';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useSettings } from '../../../lib/settings/settings-context';
import { SAVED_MARK_MS } from '../../../lib/saved-mark';

const ADDRESS_NAMES = {
  Address1: 'Address1',
  City: 'City',
  State: 'State',
  ZipCode: 'ZipCode',
} as const;

/** The address rules of domain as a zod schema worded by the settings. */
function addressSchema(settings: SettingsAccessor) {
  const shape = z.object({
    Address1: z.string(),
    City: z.string(),
    State: z.string(),
    ZipCode: z.string(),
  });
  return shape.superRefine((address, context) => {
    const issues = postalAddressIssues(address);
    for (const [field, issue] of Object.entries(issues) as [AddressField, AddressIssue][]) {
      context.addIssue({
        code: 'custom',
        path: [field],
        message: addressIssueText(issue, settings),
      });
    }
  });
}

/** The server's answer to a save, worded (spec 002 section 8, loan save flags; ZipCityNoMatch marks the City field). */
function saveError(error: unknown, settings: SettingsAccessor): string {
  const code = error instanceof ApiError ? error.code : undefined;
  if (code === 'CorrectErrors') return settings.get('loanDetailsTexts.correctErrorsText');
  if (code === 'NightError') return settings.get('loanDetailsTexts.nightErrorText');
  return settings.get('loanDetailsTexts.saveErrorText');
}

/**
 * The loan's mailing address (spec 002 "Address change on a loan"): Save shows a spinner, then a
 * check mark for 3 seconds; Cancel restores the last saved address; read-only when the loan is
 * closed. Street and city are sanitised as typed.
 */
export function AddressForm(props: {
  saved: PostalAddress;
  readOnly: boolean;
  save(address: PostalAddress): Promise<unknown>;
  /** Focuses the first field when the form appears (opened by "Change mailing address"). */
  focusOnOpen?: boolean;
  /** Cancel closes the form (after restoring the saved address) instead of only restoring it. */
  onClose?: () => void;
}) {
  const settings = useSettings();
  const schema = useMemo(() => addressSchema(settings), [settings]);
  const form = useForm<PostalAddress>({
    mode: 'onTouched',
    defaultValues: props.saved,
    resolver: zodResolver(schema),
  });
  const {
    control,
    handleSubmit,
    reset,
    formState,
    setValue,
    setError: setFieldError,
    setFocus,
  } = form;
  const { setUnsavedChanges } = useUnsavedChanges();
  const [savedMark, setSavedMark] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);

  useEffect(() => {
    setUnsavedChanges(formState.isDirty, 'address');
  }, [formState.isDirty, setUnsavedChanges]);
  // A closed form has nothing unsaved.
  useEffect(() => () => setUnsavedChanges(false, 'address'), [setUnsavedChanges]);
  const { focusOnOpen } = props;
  useEffect(() => {
    if (focusOnOpen) setFocus('Address1');
  }, [focusOnOpen, setFocus]);
  useEffect(() => {
    if (!savedMark) return undefined;
    const timer = setTimeout(() => setSavedMark(false), SAVED_MARK_MS);
    return () => clearTimeout(timer);
  }, [savedMark]);
  // Sanitised as typed: characters an address does not use never stay in the field.
  const [street, city] = useWatch({ control, name: ['Address1', 'City'] });
  // Valid as typed (formState.isValid waits for a field to be left in onTouched mode).
  const valid = schema.safeParse(useWatch({ control })).success;
  useEffect(() => {
    for (const [name, typed] of [
      ['Address1', street],
      ['City', city],
    ] as const) {
      const clean = sanitizeAddressText(typed);
      if (clean !== typed) setValue(name, clean, { shouldDirty: true });
    }
  }, [street, city, setValue]);

  const submit = handleSubmit(
    async (typed) => {
      setError(undefined);
      // What the server keeps (it trims too), so the form shows the address as saved.
      const address = { ...typed, Address1: typed.Address1.trim(), City: typed.City.trim() };
      try {
        await props.save(address);
        reset(address);
        setSavedMark(true);
      } catch (failure) {
        // A city outside the ZIP code is the City field's mistake: said there, focus on it, the
        // typed address kept.
        if (failure instanceof ApiError && failure.code === 'ZipCityNoMatch') {
          setFieldError(
            'City',
            { type: 'server', message: settings.get('loanDetailsTexts.zipCityNoMatchText') },
            { shouldFocus: true },
          );
          return;
        }
        setError(saveError(failure, settings));
      }
    },
    () => setError(settings.get('loanDetailsTexts.correctErrorsText')),
  );

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={submit}
      aria-label={settings.get('addressFormTexts.formLabel')}
    >
      <AddressFields form={form} names={ADDRESS_NAMES} disabled={props.readOnly} />
      {error ? <ErrorAlert>{error}</ErrorAlert> : null}
      {props.readOnly ? null : (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Button
            type="submit"
            variant="contained"
            loading={formState.isSubmitting}
            // Disabled while nothing changed or the form is invalid (spec 002 address change).
            disabled={!formState.isDirty || !valid}
          >
            {settings.get('commonTexts.saveButtonText')}
          </Button>
          <Button
            disabled={(!formState.isDirty && !props.onClose) || formState.isSubmitting}
            onClick={() => {
              setError(undefined);
              reset(props.saved);
              props.onClose?.();
            }}
          >
            {settings.get('commonTexts.cancelButtonText')}
          </Button>
          {savedMark ? (
            <CheckCircleOutlinedIcon
              color="success"
              titleAccess={settings.get('loanDetailsTexts.savedMarkText')}
              role="img"
            />
          ) : null}
        </Stack>
      )}
    </Stack>
  );
}
