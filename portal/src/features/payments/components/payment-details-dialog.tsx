import { ErrorAlert } from '../../../components/error-alert/error-alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import {
  ACH_FORM_MESSAGES,
  CARD_FORM_MESSAGES,
  DEFAULT_ACH_ACCOUNT_TYPE,
  DEFAULT_DEBIT_CREDIT_TYPE,
  PAYMENT_FORM_LIMITS,
  ROUTING_LOOKUP_DELAY_MS,
  achAccountTypeChoices,
  achFormIssues,
  applyDigitMask,
  calendarDateIn,
  cardAcceptanceOf,
  cardFormIssues,
  cardUse,
  choiceWithFee,
  cleanAchAccountNumber,
  debitCreditChoices,
  detectCardType,
  formatCardNumberInput,
  fundingOfDebitCreditType,
  isRoutingNumberReadyForLookup,
  normalizeCardNumber,
  CARD_EXPIRATION_MASK,
  type AchFormIssue,
  type CardFormIssue,
  type DebitCreditType,
  type NewAchPaymentMethod,
  type RoutingLookupOutcome,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { useDialogStack } from '../../../components/dialogs/dialog-stack';
import { DIALOG_WIDTH, PortalDialog } from '../../../components/dialogs/portal-dialog';
import { InputField } from '../../../components/masked-input/input-field';
import { useLoanName } from '../../../lib/accounts/loan-name';
import { ApiError } from '../../../lib/api-client';
import { useSettings } from '../../../lib/settings/settings-context';
import { useSignedInUser } from '../../../lib/session/session-context';
import {
  addCardPaymentMethod,
  paymentMethodsQuery,
  routingLookupQuery,
  validateAchPaymentMethod,
} from '../api/payment-methods';
import type { ChosenMethod } from '../utils/chosen-method';
import { askAchTerms } from './ach-terms-dialog';
import { paymentErrorText } from '../../../lib/payments/payment-error-text';
import type { TextKey } from './payment-texts';

const ACH_ISSUE_TEXT: Partial<Record<AchFormIssue, TextKey>> = {
  ownerNameRequired: 'achPaymentTexts.ownerNameRequiredText',
  ownerNameInvalid: 'achPaymentTexts.ownerNameInvalidText',
  routingNumberRequired: 'achPaymentTexts.routingNumberRequiredText',
  routingNumberInvalid: 'achPaymentTexts.routingNumberInvalidText',
  routingNumberNotFound: 'achPaymentTexts.bankNotFoundText',
  routingNumberLookupFailed: 'achPaymentTexts.routingLookupErrorText',
  routingNumberNotVerified: 'achPaymentTexts.routingVerifyingText',
  accountNumberRequired: 'achPaymentTexts.accountNumberRequiredText',
  accountNumberInvalid: 'achPaymentTexts.accountNumberInvalidText',
  confirmAccountNumberRequired: 'achPaymentTexts.confirmAccountNumberRequiredText',
  accountNumbersDoNotMatch: 'achPaymentTexts.accountNumbersDoNotMatchText',
};

const CARD_ISSUE_TEXT: Partial<Record<CardFormIssue, TextKey>> = {
  nameRequired: 'cardPaymentTexts.nameRequiredText',
  nameInvalid: 'cardPaymentTexts.nameInvalidText',
  cardNumberRequired: 'cardPaymentTexts.cardNumberRequiredText',
  cardNumberInvalid: 'cardPaymentTexts.cardNumberInvalidText',
  cardTypeUnsupported: 'cardPaymentTexts.cardTypeNotSupportedText',
  expirationRequired: 'cardPaymentTexts.expirationRequiredText',
  expirationInvalid: 'cardPaymentTexts.expirationInvalidText',
  cardExpired: 'cardPaymentTexts.expirationInvalidText',
  securityCodeRequired: 'cardPaymentTexts.securityCodeRequiredText',
  securityCodeInvalid: 'cardPaymentTexts.securityCodeInvalidText',
  creditCardsNotAccepted: 'cardPaymentTexts.creditCardsNotAcceptedText',
  zipCodeRequired: 'cardPaymentTexts.zipCodeRequiredText',
  zipCodeInvalid: 'cardPaymentTexts.zipCodeInvalidText',
  address1Required: 'cardPaymentTexts.address1RequiredText',
  address1Invalid: 'cardPaymentTexts.addressInvalidCharactersText',
  address2Invalid: 'cardPaymentTexts.addressInvalidCharactersText',
  cityRequired: 'cardPaymentTexts.cityRequiredText',
  cityInvalid: 'cardPaymentTexts.addressInvalidCharactersText',
  stateRequired: 'cardPaymentTexts.stateRequiredText',
  stateInvalid: 'cardPaymentTexts.addressInvalidCharactersText',
};

function achIssueText(settings: SettingsAccessor, issue: AchFormIssue | undefined) {
  if (!issue) return undefined;
  const key = ACH_ISSUE_TEXT[issue];
  return key ? settings.get(key) : ACH_FORM_MESSAGES[issue];
}

function cardIssueText(settings: SettingsAccessor, issue: CardFormIssue | undefined) {
  if (!issue) return undefined;
  const key = CARD_ISSUE_TEXT[issue];
  return key ? settings.get(key) : CARD_FORM_MESSAGES[issue];
}

/** What the modal may do with a new method of its type. */
export interface NewMethodPermissions {
  /** A saved profile is allowed (cards: allowCardProfiles; ACH: personal user, profiles allowed). */
  canSave: boolean;
  /** Single use is allowed (allowSingleUseCard / allowSingleUseAch). */
  canUseOnce: boolean;
}

interface PaymentDetailsDialogProps {
  paymentType: 'ACH' | 'Card';
  accountNumber: string;
  permissions: NewMethodPermissions;
  /**
   * The processing fee of a debit and of a credit card on this loan, shown beside each choice
   * (issue 20 item 6); undefined while it is not known.
   */
  cardFees?: Record<DebitCreditType, number>;
  onClose(chosen: ChosenMethod | undefined): void;
}

/**
 * The Payment Details modal (spec 001 sections 2 and 4 "New method submit"): the new ACH or card
 * form and the optional 'Save Payment Profile' checkbox; Cancel and Continue. Continue checks
 * the form with the domain rules, then: ACH is validated by the server (and, to be saved, the ACH
 * terms are accepted); a card is tokenized (AddCardPaymentMethod). Closes with the chosen method,
 * or undefined on Cancel or Escape.
 *
 * Decision (issue 20 item 9, "saved without asking"): 'Save Payment Profile' starts unticked, and
 * a ticked method is saved with the payment, not here: the chosen method carries `save`, the
 * payment request its SavePaymentMethod, and the server saves it when it accepts the payment (a
 * payment made today: once it went through). So the spec's AddAchPaymentMethod is no longer
 * called by this modal (the server keeps it for other clients); ValidateAchPaymentMethod and the
 * ACH terms still come first, as section 4 orders them, and AddCardPaymentMethod still tokenizes
 * the card here, so that no later call carries its number.
 *
 * Escape closes it, asking first when something was typed (issue 20 item 7).
 */
export function PaymentDetailsDialog(props: PaymentDetailsDialogProps) {
  const settings = useSettings();
  const loan = useLoanName(props.accountNumber);
  const { permissions } = props;
  // With no choice, the checkbox is not shown: saving is what is allowed.
  const offersSave = permissions.canSave && permissions.canUseOnce;
  // Unticked until the borrower ticks it (issue 20 item 9); without a choice, saving is what is
  // allowed.
  const [save, setSave] = useState(!offersSave && permissions.canSave);
  const dialogs = useDialogStack();
  const [askingDiscard, setAskingDiscard] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const [submitted, setSubmitted] = useState(false);
  const formId = `payment-details-${props.paymentType}`;
  const achForm = useAchForm();
  const cardForm = useCardForm();
  const dirty = props.paymentType === 'ACH' ? achForm.dirty : cardForm.dirty;

  /** Escape: closes, after asking when something was typed (nothing is lost unasked). */
  async function escape() {
    if (busy || askingDiscard) return;
    if (!dirty) {
      props.onClose(undefined);
      return;
    }
    setAskingDiscard(true);
    const discard = await dialogs.open<boolean>((close) => (
      <ConfirmDialog
        title={settings.get('paymentTexts.discardDetailsTitle')}
        confirmText={settings.get('paymentTexts.discardDetailsConfirmText')}
        cancelText={settings.get('paymentTexts.discardDetailsCancelText')}
        onAnswer={close}
      />
    )).result;
    setAskingDiscard(false);
    if (discard === true) props.onClose(undefined);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setError(undefined);
    const valid = props.paymentType === 'ACH' ? achForm.valid : cardForm.valid;
    if (!valid || busy) return;
    setBusy(true);
    try {
      const chosen =
        props.paymentType === 'ACH'
          ? await achForm.submit(props.accountNumber, save)
          : await cardForm.submit(props.accountNumber, save);
      if (chosen === 'disagreed') {
        setError(settings.get('achPaymentTexts.achTermsRequiredText'));
        return;
      }
      // The terms closed by Escape: back to the form as it was, nothing said.
      if (chosen === 'dismissed') return;
      props.onClose(chosen);
    } catch (caught) {
      setError(paymentErrorText(settings, 'paymentMethod', caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <PortalDialog
      width={DIALOG_WIDTH.wide}
      title={settings.get('paymentTexts.paymentDetailsTitle')}
      // The loan the new method pays (spec 001 names the modal, not its loan).
      subtitle={loan}
      onEscape={() => void escape()}
      actions={
        <>
          <Button onClick={() => props.onClose(undefined)} disabled={busy}>
            {settings.get('paymentTexts.paymentDetailsCancelText')}
          </Button>
          <Button type="submit" form={formId} variant="contained" loading={busy}>
            {settings.get('paymentTexts.paymentDetailsContinueText')}
          </Button>
        </>
      }
    >
      <Stack
        component="form"
        id={formId}
        noValidate
        spacing={2}
        sx={{ pt: 1 }}
        onSubmit={(event) => void onSubmit(event)}
        // The server's refusal was about the values sent: it goes once they are edited (a
        // newcomer found 'Invalid account number.' still shown after correcting the number).
        onChange={() => {
          if (error !== undefined) setError(undefined);
        }}
        aria-busy={busy || undefined}
      >
        {error ? <ErrorAlert>{error}</ErrorAlert> : null}
        {props.paymentType === 'ACH' ? (
          <AchFields form={achForm} showErrors={submitted} />
        ) : (
          <CardFields form={cardForm} showErrors={submitted} fees={props.cardFees} />
        )}
        {offersSave ? (
          <FormControlLabel
            control={
              <Checkbox checked={save} onChange={(event) => setSave(event.target.checked)} />
            }
            label={settings.get('paymentTexts.savePaymentProfileText')}
          />
        ) : null}
      </Stack>
    </PortalDialog>
  );
}

// ---------------------------------------------------------------------------------------------
// ACH

function useAchForm() {
  const settings = useSettings();
  const dialogs = useDialogStack();
  const queryClient = useQueryClient();
  const user = useSignedInUser();
  const [form, setForm] = useState({
    OwnerName: '',
    RoutingNumber: '',
    AccountNumber: '',
    ConfirmAccountNumber: '',
    AccountType: DEFAULT_ACH_ACCOUNT_TYPE as string,
  });
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const routingNumber = form.RoutingNumber.trim();
  const ready = isRoutingNumberReadyForLookup(routingNumber);
  // Section 7: the lookup runs after a 300 ms pause once 9 digits are typed.
  const [lookupNumber, setLookupNumber] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => setLookupNumber(routingNumber), ROUTING_LOOKUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ready, routingNumber]);
  const lookup = useQuery({
    ...routingLookupQuery(lookupNumber ?? ''),
    enabled: ready && lookupNumber === routingNumber,
  });
  const lookupOutcome: RoutingLookupOutcome | undefined =
    !ready || lookupNumber !== routingNumber
      ? undefined
      : lookup.isError
        ? 'failed'
        : lookup.data
          ? lookup.data.BankExists
            ? 'found'
            : 'notFound'
          : undefined;
  const issues = achFormIssues(form, {
    allowSavings: settings.get('achPaymentOptions.allowSavingsAccountOption'),
    hideConfirmAccountNumber: settings.get('achPaymentOptions.hideConfirmAccountNumberOption'),
    routingPreCheck: settings.get('achPaymentOptions.achRoutingPreCheckOption'),
    routingLookup: lookupOutcome,
  });

  async function submit(
    accountNumber: string,
    save: boolean,
  ): Promise<ChosenMethod | 'disagreed' | 'dismissed'> {
    const payload: NewAchPaymentMethod = {
      AccountType: form.AccountType === 'Savings' ? 'Savings' : 'Checking',
      RoutingNumber: routingNumber,
      AccountNumber: cleanAchAccountNumber(form.AccountNumber),
      OwnerName: form.OwnerName.trim(),
    };
    await validateAchPaymentMethod(payload);
    if (!save) return { kind: 'singleUseAch', ach: payload };
    // To be saved (with the payment): the ACH terms first, as a save needs them.
    // Only the ACH terms this user has not accepted since they took effect (GetPaymentMethods'
    // AchAgreementsNeeded; the server checks again when the account is saved).
    const methods = await queryClient
      .ensureQueryData(paymentMethodsQuery(accountNumber))
      .catch(() => undefined);
    const agreed = await askAchTerms(
      dialogs,
      settings,
      user.username,
      methods?.AchAgreementsNeeded,
    );
    if (agreed !== 'agreed') return agreed;
    return { kind: 'singleUseAch', ach: payload, save: true };
  }

  return {
    form,
    issues,
    touched,
    // Only the bank of the number now in the field (a newcomer saw the last number's bank stay
    // under an edited, invalid one).
    bankName: lookupOutcome === 'found' ? lookup.data?.Name : undefined,
    lookupFailed: lookupOutcome === 'failed',
    preCheck: settings.get('achPaymentOptions.achRoutingPreCheckOption'),
    valid: Object.keys(issues).length === 0,
    dirty: [form.OwnerName, form.RoutingNumber, form.AccountNumber, form.ConfirmAccountNumber].some(
      (value) => value.trim() !== '',
    ),
    set(field: keyof typeof form, value: string) {
      setForm((current) => ({ ...current, [field]: value }));
    },
    touch(field: string) {
      setTouched((current) => ({ ...current, [field]: true }));
      if (field === 'AccountNumber' || field === 'ConfirmAccountNumber') {
        setForm((current) => ({ ...current, [field]: cleanAchAccountNumber(current[field]) }));
      }
    },
    submit,
  };
}

function AchFields(props: { form: ReturnType<typeof useAchForm>; showErrors: boolean }) {
  const settings = useSettings();
  const { form } = props;
  const errorOf = (field: keyof typeof form.issues) =>
    props.showErrors || form.touched[field]
      ? achIssueText(settings, form.issues[field])
      : undefined;
  const choices = achAccountTypeChoices(
    settings.get('achPaymentOptions.allowSavingsAccountOption'),
  );
  return (
    <>
      <InputField
        label={settings.get('achPaymentTexts.ownerNameLabel')}
        value={form.form.OwnerName}
        autoComplete="name"
        onChange={(event) => form.set('OwnerName', event.target.value)}
        onBlur={() => form.touch('OwnerName')}
        errorMessage={errorOf('OwnerName')}
        inputProps={{ maxLength: 100 }}
      />
      <InputField
        label={settings.get('achPaymentTexts.routingNumberLabel')}
        value={form.form.RoutingNumber}
        inputMode="numeric"
        onChange={(event) => form.set('RoutingNumber', event.target.value.replace(/\D/g, ''))}
        onBlur={() => form.touch('RoutingNumber')}
        errorMessage={errorOf('RoutingNumber')}
        description={
          form.bankName
            ? `${settings.get('achPaymentTexts.bankLabel')}: ${form.bankName}`
            : // Decided: without the pre-check a failed lookup does not block the form (the
              // server validates the account on Continue); it is still said, as section 8 has it.
              form.lookupFailed && !form.preCheck
              ? settings.get('achPaymentTexts.routingLookupErrorText')
              : undefined
        }
        inputProps={{ maxLength: PAYMENT_FORM_LIMITS.routingNumberDigits }}
      />
      <InputField
        label={settings.get('achPaymentTexts.accountNumberLabel')}
        value={form.form.AccountNumber}
        inputMode="numeric"
        autoComplete="off"
        onChange={(event) => form.set('AccountNumber', event.target.value)}
        onBlur={() => form.touch('AccountNumber')}
        errorMessage={errorOf('AccountNumber')}
        inputProps={{ maxLength: PAYMENT_FORM_LIMITS.achAccountNumberMaxDigits }}
      />
      {settings.get('achPaymentOptions.hideConfirmAccountNumberOption') ? null : (
        <InputField
          label={settings.get('achPaymentTexts.confirmAccountNumberLabel')}
          value={form.form.ConfirmAccountNumber}
          inputMode="numeric"
          autoComplete="off"
          onChange={(event) => form.set('ConfirmAccountNumber', event.target.value)}
          onBlur={() => form.touch('ConfirmAccountNumber')}
          errorMessage={errorOf('ConfirmAccountNumber')}
          inputProps={{ maxLength: PAYMENT_FORM_LIMITS.achAccountNumberMaxDigits }}
        />
      )}
      {choices.length > 1 ? (
        <FormControl>
          <FormLabel id="ach-account-type">
            {settings.get('achPaymentTexts.accountTypeLabel')}
          </FormLabel>
          <RadioGroup
            row
            aria-labelledby="ach-account-type"
            value={form.form.AccountType}
            onChange={(event) => form.set('AccountType', event.target.value)}
          >
            {choices.map((choice) => (
              <FormControlLabel
                key={choice}
                value={choice}
                control={<Radio />}
                label={
                  choice === 'Savings'
                    ? settings.get('achPaymentTexts.savingsText')
                    : settings.get('achPaymentTexts.checkingText')
                }
              />
            ))}
          </RadioGroup>
        </FormControl>
      ) : null}
    </>
  );
}

// ---------------------------------------------------------------------------------------------
// Card

function useCardForm() {
  const settings = useSettings();
  const today = calendarDateIn(settings.get('localeOptions.institutionTimeZone'), new Date());
  // The card settings as the domain reads them for every card decision (`cardUse`).
  const acceptance = cardAcceptanceOf(settings);
  const { debitOnly } = acceptance;
  const [form, setForm] = useState({
    CardHolderFirstName: '',
    CardHolderLastName: '',
    CardNumber: '',
    ExpirationDate: '',
    SecurityCode: '',
    DebitCreditType: DEFAULT_DEBIT_CREDIT_TYPE as string,
    ZipCode: '',
    Address1: '',
    Address2: '',
    City: '',
    State: '',
  });
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const issues = cardFormIssues(
    {
      ...form,
      BillingAddress: {
        ZipCode: form.ZipCode,
        Address1: form.Address1,
        Address2: form.Address2,
        City: form.City,
        State: form.State,
      },
    },
    {
      ...acceptance,
      requireFullAddress: settings.get('cardPaymentOptions.requireFullBillingAddressOption'),
      today,
    },
  );

  async function submit(accountNumber: string, save: boolean): Promise<ChosenMethod> {
    const cardType = detectCardType(form.CardNumber);
    if (!cardType) throw new ApiError(200, []);
    const added = await addCardPaymentMethod({
      BillingAddress: {
        ZipCode: form.ZipCode.trim(),
        Address1: form.Address1.trim(),
        Address2: form.Address2.trim(),
        City: form.City.trim(),
        State: form.State.trim(),
      },
      CardHolderFirstName: form.CardHolderFirstName.trim(),
      CardHolderLastName: form.CardHolderLastName.trim(),
      CardNumber: normalizeCardNumber(form.CardNumber),
      ExpirationDate: form.ExpirationDate.trim(),
      SecurityCode: form.SecurityCode.trim(),
      CardType: cardType,
      DebitCreditType: form.DebitCreditType === 'CreditCard' ? 'CreditCard' : 'DebitCard',
      LoanAccountNumber: accountNumber,
      SavePaymentProfile: save,
      // Saved with the payment, not now (issue 20 item 9).
      SaveWithPayment: save,
    });
    const method = added.PaymentMethod;
    if (!method?.IsCard) throw new ApiError(200, []);
    return save ? { kind: 'singleUseCard', method, save: true } : { kind: 'singleUseCard', method };
  }

  return {
    form,
    issues,
    touched,
    debitOnly,
    dirty: Object.entries(form).some(
      ([field, value]) => field !== 'DebitCreditType' && value.trim() !== '',
    ),
    // The fields carry each problem's text; whether the card may pay at all is `cardUse`'s
    // (the server decides again with the processor's funding).
    valid:
      Object.keys(issues).length === 0 &&
      cardUse(
        {
          brand: detectCardType(form.CardNumber),
          funding: fundingOfDebitCreditType(form.DebitCreditType),
          expiration: form.ExpirationDate.trim(),
        },
        acceptance,
        today,
      ).usable,
    set(field: keyof typeof form, value: string) {
      setForm((current) => ({ ...current, [field]: value }));
    },
    touch(field: string) {
      setTouched((current) => ({ ...current, [field]: true }));
    },
    submit,
  };
}

function CardFields(props: {
  form: ReturnType<typeof useCardForm>;
  showErrors: boolean;
  fees: Record<DebitCreditType, number> | undefined;
}) {
  const settings = useSettings();
  const { form } = props;
  const full = settings.get('cardPaymentOptions.requireFullBillingAddressOption');
  const errorOf = (field: keyof typeof form.issues) =>
    props.showErrors || form.touched[field]
      ? cardIssueText(settings, form.issues[field])
      : undefined;
  const field = (
    name: keyof typeof form.form,
    label: string,
    extra: Partial<Parameters<typeof InputField>[0]> = {},
  ) => (
    <InputField
      label={label}
      value={form.form[name]}
      onChange={(event) => form.set(name, event.target.value)}
      onBlur={() => form.touch(name)}
      errorMessage={errorOf(name)}
      {...extra}
    />
  );
  const type = detectCardType(form.form.CardNumber);
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {field('CardHolderFirstName', settings.get('cardPaymentTexts.firstNameLabel'), {
          autoComplete: 'cc-given-name',
        })}
        {field('CardHolderLastName', settings.get('cardPaymentTexts.lastNameLabel'), {
          autoComplete: 'cc-family-name',
        })}
      </Stack>
      <InputField
        label={settings.get('cardPaymentTexts.cardNumberLabel')}
        value={form.form.CardNumber}
        inputMode="numeric"
        autoComplete="cc-number"
        onChange={(event) => form.set('CardNumber', formatCardNumberInput(event.target.value))}
        onBlur={() => form.touch('CardNumber')}
        errorMessage={errorOf('CardNumber')}
        inputProps={{ maxLength: 19 }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <InputField
          label={settings.get('cardPaymentTexts.expirationLabel')}
          value={form.form.ExpirationDate}
          inputMode="numeric"
          autoComplete="cc-exp"
          onChange={(event) =>
            form.set('ExpirationDate', applyDigitMask(event.target.value, CARD_EXPIRATION_MASK))
          }
          onBlur={() => form.touch('ExpirationDate')}
          errorMessage={errorOf('ExpirationDate')}
          inputProps={{ maxLength: PAYMENT_FORM_LIMITS.expirationLength }}
        />
        <InputField
          label={settings.get('cardPaymentTexts.securityCodeLabel')}
          value={form.form.SecurityCode}
          inputMode="numeric"
          autoComplete="cc-csc"
          onChange={(event) => form.set('SecurityCode', event.target.value.replace(/\D/g, ''))}
          onBlur={() => form.touch('SecurityCode')}
          errorMessage={errorOf('SecurityCode')}
          inputProps={{ maxLength: type === 'amex' ? 4 : 3 }}
        />
      </Stack>
      {form.debitOnly ? null : (
        <FormControl>
          <FormLabel id="card-debit-credit">
            {settings.get('cardPaymentTexts.cardTypeLabel')}
          </FormLabel>
          <RadioGroup
            row
            aria-labelledby="card-debit-credit"
            value={form.form.DebitCreditType}
            onChange={(event) => form.set('DebitCreditType', event.target.value)}
          >
            {debitCreditChoices(false).map((choice) => (
              <FormControlLabel
                key={choice}
                value={choice}
                control={<Radio />}
                label={
                  // Issue 20 item 6: the fee depends on the choice, so it shows with it.
                  props.fees
                    ? choiceWithFee(
                        choice === 'CreditCard'
                          ? settings.get('cardPaymentTexts.creditCardText')
                          : settings.get('cardPaymentTexts.debitCardText'),
                        props.fees[choice],
                        {
                          feeText: settings.get('paymentTexts.choiceFeeText'),
                          noFeeText: settings.get('paymentTexts.choiceNoFeeText'),
                        },
                      )
                    : choice === 'CreditCard'
                      ? settings.get('cardPaymentTexts.creditCardText')
                      : settings.get('cardPaymentTexts.debitCardText')
                }
              />
            ))}
          </RadioGroup>
        </FormControl>
      )}
      {full ? (
        <>
          {field('Address1', settings.get('cardPaymentTexts.address1Label'), {
            autoComplete: 'address-line1',
          })}
          {field('Address2', settings.get('cardPaymentTexts.address2Label'), {
            autoComplete: 'address-line2',
          })}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {field('City', settings.get('cardPaymentTexts.cityLabel'), {
              autoComplete: 'address-level2',
            })}
            {field('State', settings.get('cardPaymentTexts.stateLabel'), {
              autoComplete: 'address-level1',
            })}
          </Stack>
        </>
      ) : null}
      {field('ZipCode', settings.get('cardPaymentTexts.zipCodeLabel'), {
        autoComplete: 'postal-code',
        inputProps: { maxLength: 10 },
      })}
    </>
  );
}
