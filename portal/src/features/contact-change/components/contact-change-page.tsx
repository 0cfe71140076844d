import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import {
  CONTACT_CHANGE_MESSAGE_MS,
  CONTACT_CHANGE_PHONE_MASK,
  digitsOnly,
  loanName,
  sanitizeAddressText,
  type AccountListItem,
} from '@portal/domain';
import { LazyRichText } from '@portal/web-kit';
import { useEffect, useId, useRef, useState } from 'react';
import {
  Controller,
  useForm,
  useWatch,
  type FieldErrors,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { AddressFields } from '../../../components/address-fields/address-fields';
import { ErrorAlert } from '../../../components/error-alert/error-alert';
import { LoadingBlock } from '../../../components/loading-block';
import { FormMaskedField } from '../../../components/form-fields';
import { MASK_DESCRIPTIONS } from '../../../components/masked-input/masks';
import { isLoanAccount, useAccountList } from '../../../lib/accounts/get-account-list';
import { useSession } from '../../../lib/session/session-context';
import { useSettings } from '../../../lib/settings/settings-context';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useRequestContactChange } from '../api/request-contact-change';
import {
  ADDRESS_FIELD_NAMES,
  CONTACT_CHANGE_FIELDS,
  contactChangeIssues,
  contactChangeRequest,
  EMPTY_CONTACT_CHANGE,
  hasIssues,
  PHONE_LABELS,
  type AddressSide,
  type ContactChangeField,
  type ContactChangeValues,
} from '../utils/contact-change-form';

/** Spec 002 section 9: the contact form's spinner is 50 pixels across. */
const SPINNER_SIZE = 50;

type Outcome = { kind: 'sent' | 'failed'; key: number } | null;

/** The last outcome, for CONTACT_CHANGE_MESSAGE_MS (4 seconds), then nothing. */
function useOutcomeMessage(): [Outcome, (kind: 'sent' | 'failed') => void] {
  const [outcome, setOutcome] = useState<Outcome>(null);
  useEffect(() => {
    if (!outcome) return undefined;
    const timer = setTimeout(() => setOutcome(null), CONTACT_CHANGE_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [outcome]);
  return [outcome, (kind) => setOutcome((last) => ({ kind, key: (last?.key ?? 0) + 1 }))];
}

/** Street and city sanitised as typed (as the profile's), the ZIP codes kept to 5 digits. */
function useTypedAddressCleanUp(form: UseFormReturn<ContactChangeValues>) {
  const { control, setValue } = form;
  const typed = useWatch({
    control,
    name: [
      'oldAddress1',
      'oldAddress2',
      'oldCity',
      'oldZip',
      'newAddress1',
      'newAddress2',
      'newCity',
      'newZip',
    ],
  });
  useEffect(() => {
    const [oldAddress1, oldAddress2, oldCity, oldZip, newAddress1, newAddress2, newCity, newZip] =
      typed;
    const cleaned = [
      ['oldAddress1', oldAddress1, sanitizeAddressText(oldAddress1)],
      ['oldAddress2', oldAddress2, sanitizeAddressText(oldAddress2)],
      ['oldCity', oldCity, sanitizeAddressText(oldCity)],
      ['oldZip', oldZip, digitsOnly(oldZip).slice(0, 5)],
      ['newAddress1', newAddress1, sanitizeAddressText(newAddress1)],
      ['newAddress2', newAddress2, sanitizeAddressText(newAddress2)],
      ['newCity', newCity, sanitizeAddressText(newCity)],
      ['newZip', newZip, digitsOnly(newZip).slice(0, 5)],
    ] as const;
    for (const [name, text, clean] of cleaned) {
      if (clean !== text) setValue(name, clean, { shouldDirty: true, shouldValidate: true });
    }
  }, [typed, setValue]);
}

function AccountChecklist(props: {
  form: UseFormReturn<ContactChangeValues>;
  loans: AccountListItem[];
  error: string | undefined;
  disabled: boolean;
}) {
  const settings = useSettings();
  const errorId = useId();
  return (
    <Controller
      control={props.form.control}
      name="accounts"
      render={({ field, fieldState }) => {
        const shown = fieldState.isTouched ? props.error : undefined;
        return (
          <FormControl component="fieldset" error={shown !== undefined} disabled={props.disabled}>
            <FormLabel component="legend">
              {settings.get('dashboardTexts.loansHeadingText')}
            </FormLabel>
            <FormGroup>
              {props.loans.map((loan) => (
                <FormControlLabel
                  key={loan.Number}
                  label={loanName({ description: loan.Description, number: loan.Number })}
                  control={
                    <Checkbox
                      name="accounts"
                      value={loan.Number}
                      checked={field.value.includes(loan.Number)}
                      onChange={(event) =>
                        field.onChange(
                          event.target.checked
                            ? [...field.value, loan.Number]
                            : field.value.filter((number) => number !== loan.Number),
                        )
                      }
                      onBlur={field.onBlur}
                      slotProps={{
                        input: {
                          ref: field.ref,
                          'aria-describedby': shown ? errorId : undefined,
                        },
                      }}
                    />
                  }
                />
              ))}
            </FormGroup>
            {shown ? (
              <FormHelperText id={errorId} role="alert">
                {shown}
              </FormHelperText>
            ) : null}
          </FormControl>
        );
      }}
    />
  );
}

function AddressFieldset(props: {
  form: UseFormReturn<ContactChangeValues>;
  side: AddressSide;
  disabled: boolean;
}) {
  const settings = useSettings();
  return (
    <FormControl component="fieldset" disabled={props.disabled}>
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {props.side === 'old'
          ? settings.get('contactChangeTexts.oldAddressHeadingText')
          : settings.get('contactChangeTexts.newAddressHeadingText')}
      </FormLabel>
      <Stack spacing={2}>
        <AddressFields
          form={props.form}
          names={ADDRESS_FIELD_NAMES[props.side]}
          disabled={props.disabled}
        />
      </Stack>
    </FormControl>
  );
}

/** A switch of the form (Change Address, Change Phone) bound to its boolean. */
function ChangeSwitch(props: {
  form: UseFormReturn<ContactChangeValues>;
  name: 'changeAddress' | 'changePhone';
  label: string;
  disabled: boolean;
  onOff(): void;
}) {
  return (
    <Controller
      control={props.form.control}
      name={props.name}
      render={({ field }) => (
        <FormControlLabel
          label={props.label}
          disabled={props.disabled}
          control={
            <Switch
              name={field.name}
              checked={field.value}
              onChange={(event) => {
                field.onChange(event.target.checked);
                if (!event.target.checked) props.onOff();
              }}
              onBlur={field.onBlur}
              slotProps={{ input: { ref: field.ref } }}
            />
          }
        />
      )}
    />
  );
}

function ContactChangeForm(props: { loans: AccountListItem[]; labelledBy: string }) {
  const settings = useSettings();
  // The session's names go with the request (the server takes its own).
  const { user } = useSession();
  const form = useForm<ContactChangeValues>({
    mode: 'onTouched',
    defaultValues: EMPTY_CONTACT_CHANGE,
    resolver: (values, context, options) => latestResolver(values, context, options),
  });
  const latestResolver: Resolver<ContactChangeValues> = (values) => {
    const { fields } = contactChangeIssues(values, settings);
    const errors: FieldErrors<ContactChangeValues> = {};
    for (const name of CONTACT_CHANGE_FIELDS) {
      const message = fields[name];
      if (message) errors[name] = { type: 'validate', message };
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
  const { control, formState, handleSubmit, reset, setValue, clearErrors, getFieldState } = form;
  useTypedAddressCleanUp(form);

  const typed = useWatch({ control });
  const values: ContactChangeValues = {
    ...EMPTY_CONTACT_CHANGE,
    ...typed,
    accounts: (typed.accounts ?? []).filter((number) => typeof number === 'string'),
  };
  const issues = contactChangeIssues(values, settings);
  const request = useRequestContactChange();
  const [outcome, showOutcome] = useOutcomeMessage();
  const outcomeRef = useRef<HTMLDivElement>(null);
  const phonesErrorId = useId();

  const { setUnsavedChanges } = useUnsavedChanges();
  const dirty = formState.isDirty;
  useEffect(() => setUnsavedChanges(dirty, 'contactChange'), [dirty, setUnsavedChanges]);
  useEffect(() => () => setUnsavedChanges(false, 'contactChange'), [setUnsavedChanges]);
  const formRef = useRef<HTMLFormElement>(null);
  // The message takes the focus: the Submit button the borrower pressed is disabled again. When
  // the message goes (4 s), the focus it held goes to the form's first field, not the page's body.
  const hadOutcome = useRef(false);
  useEffect(() => {
    if (outcome) {
      hadOutcome.current = true;
      outcomeRef.current?.focus();
      return;
    }
    if (!hadOutcome.current) return;
    hadOutcome.current = false;
    const active = document.activeElement;
    if (active === null || active === document.body) {
      formRef.current?.querySelector<HTMLInputElement>('input:not([disabled])')?.focus();
    }
  }, [outcome]);

  const loading = request.isPending;
  const submit = handleSubmit(async (sent) => {
    try {
      await request.mutateAsync(
        contactChangeRequest(sent, {
          username: user?.username ?? '',
          personalName: user?.personalName ?? '',
        }),
      );
      reset(EMPTY_CONTACT_CHANGE);
      showOutcome('sent');
    } catch {
      showOutcome('failed');
    }
  });

  /** A switch turned off removes its forms: what was typed in them goes too. */
  function clear(names: readonly ContactChangeField[]) {
    for (const name of names) setValue(name, '');
    clearErrors([...names]);
  }

  const phoneTouched =
    getFieldState('oldPhoneNumber', formState).isTouched ||
    getFieldState('newPhoneNumber', formState).isTouched;
  const phonesError = phoneTouched ? issues.phones : undefined;

  return (
    <Stack
      component="form"
      ref={formRef}
      noValidate
      spacing={3}
      onSubmit={submit}
      aria-labelledby={props.labelledBy}
      sx={{ maxWidth: 560 }}
    >
      <AccountChecklist
        form={form}
        loans={props.loans}
        error={issues.accounts}
        disabled={loading}
      />
      <Stack spacing={2}>
        <ChangeSwitch
          form={form}
          name="changeAddress"
          label={settings.get('contactChangeTexts.changeAddressText')}
          disabled={loading}
          onOff={() =>
            clear([
              ...Object.values(ADDRESS_FIELD_NAMES.old),
              ...Object.values(ADDRESS_FIELD_NAMES.new),
            ])
          }
        />
        {values.changeAddress ? (
          <>
            <AddressFieldset form={form} side="old" disabled={loading} />
            <AddressFieldset form={form} side="new" disabled={loading} />
          </>
        ) : null}
        <ChangeSwitch
          form={form}
          name="changePhone"
          label={settings.get('contactChangeTexts.changePhoneText')}
          disabled={loading}
          onOff={() => clear(['oldPhoneNumber', 'newPhoneNumber'])}
        />
        {values.changePhone ? (
          <Stack spacing={2}>
            <FormMaskedField
              control={control}
              name="oldPhoneNumber"
              mask={CONTACT_CHANGE_PHONE_MASK}
              label={PHONE_LABELS.old}
              description={MASK_DESCRIPTIONS.phone}
              describedBy={phonesError ? phonesErrorId : undefined}
              inputMode="tel"
              disabled={loading}
            />
            <FormMaskedField
              control={control}
              name="newPhoneNumber"
              mask={CONTACT_CHANGE_PHONE_MASK}
              label={PHONE_LABELS.new}
              description={MASK_DESCRIPTIONS.phone}
              describedBy={phonesError ? phonesErrorId : undefined}
              inputMode="tel"
              autoComplete="tel-national"
              disabled={loading}
            />
            {phonesError ? (
              <FormHelperText id={phonesErrorId} error role="alert">
                {phonesError}
              </FormHelperText>
            ) : null}
          </Stack>
        ) : null}
        {/* Why Submit waits, once the borrower has started. */}
        {dirty && issues.change ? <Typography variant="body2">{issues.change}</Typography> : null}
      </Stack>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button type="submit" variant="contained" disabled={loading || !dirty || hasIssues(issues)}>
          {settings.get('contactChangeTexts.submitButtonText')}
        </Button>
        {loading ? (
          <CircularProgress
            size={SPINNER_SIZE}
            aria-label={settings.get('errorTexts.loadingText')}
          />
        ) : null}
      </Stack>
      {outcome?.kind === 'sent' ? (
        <Alert key={outcome.key} ref={outcomeRef} tabIndex={-1} severity="success" role="status">
          {settings.get('contactChangeTexts.successText')}
        </Alert>
      ) : null}
      {outcome?.kind === 'failed' ? (
        <ErrorAlert key={outcome.key} ref={outcomeRef} tabIndex={-1} role="alert">
          {settings.get('contactChangeTexts.errorText')}
        </ErrorAlert>
      ) : null}
    </Stack>
  );
}

/**
 * myaccount/requestChange (spec 002 "Contact-info change form"; only where the institution forces
 * manual contact-info changes): the intro, a checkbox per loan account (every loan and line of
 * credit of the account list, closed ones too), the Change Address switch (old and new address:
 * the profile's address fields with a second street line) and the Change Phone switch (old and
 * new phone masked (999) 999-9999). Submit waits while sending (with the spinner), while nothing
 * was touched and while the form breaks a rule; 'Request sent' or 'Something went wrong.' then
 * shows for 4 seconds, and a sent request empties the form. Staff act on it from their work queue.
 */
export function ContactChangePage() {
  const settings = useSettings();
  const accounts = useAccountList();
  const headingId = useId();
  const intro = settings.get('contactChangeTexts.introRichText');
  const loans = accounts.data?.Accounts.filter(isLoanAccount) ?? [];
  return (
    <Box sx={{ py: 2 }}>
      <Typography variant="h4" component="h1" id={headingId} gutterBottom>
        {settings.get('loggedInLayout.contactInfoChangeMenuText')}
      </Typography>
      {intro.trim() ? (
        <Box sx={{ mb: 2, maxWidth: '70ch' }}>
          <LazyRichText html={intro} />
        </Box>
      ) : null}
      {accounts.isPending ? (
        <LoadingBlock height={160} label={settings.get('dashboardTexts.loadingText')} />
      ) : accounts.isError ? (
        <Alert severity="error">{settings.get('dashboardTexts.accountListErrorText')}</Alert>
      ) : loans.length === 0 ? (
        <Typography>{settings.get('dashboardTexts.noAccountsText')}</Typography>
      ) : (
        <ContactChangeForm loans={loans} labelledBy={headingId} />
      )}
    </Box>
  );
}
