import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import { ErrorAlert } from '../../../components/error-alert/error-alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  PAYMENT_CARD_TYPE_NAMES,
  SUBMIT_ERROR_TEXT_KEYS,
  cardRefusalNextSteps,
  fillPlaceholders,
  formatUsd,
  paymentOfMethodWording,
  scheduleWordingTextsOf,
  withCardAdditionalErrorText,
  type CardStop,
  type CardRefusalNextSteps,
  type CardStopAdvice,
  type PaymentOfMethod,
  paymentTypeStep,
  savedProfileAllowed,
  showsSetAsDefault,
  type PaymentType,
  type SavedPaymentMethod,
} from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { useConfirm } from '../../../components/dialogs/confirm-dialog';
import { NativeSelectField } from '../../../components/form-fields/native-select-field';
import { openInNewTab } from '../../../lib/external-link';
import { useSettings } from '../../../lib/settings/settings-context';
import { useSignedInUser } from '../../../lib/session/session-context';
import {
  deleteSavedPaymentMethod,
  paymentMethodsQuery,
  paymentsOfMethod,
  removeDefaultPaymentMethod,
  setDefaultPaymentMethod,
  usePaymentMethods,
} from '../api/payment-methods';
import {
  chosenMethodKey,
  paymentTypeOf,
  profileIdOf,
  sameSavedMethod,
  savedLastFour,
  chosenLastFour,
  feeMethodOf,
  savedWithPayment,
  type ChosenMethod,
} from '../utils/chosen-method';
import { firstPartyFeesOf } from '../utils/payment-context';
import { useCardChoiceFees } from '../hooks/use-card-choice-fees';
import { paymentKeys, type PaymentInfo } from '../../../lib/payments/payment-info';
import { useOpenPaymentDetails } from './open-payment-details';
import type { TextKey } from './payment-texts';

/** Section 9: the delete status shows for 5 seconds. */
export const DELETE_STATUS_MS = 5000;

const WALLETS = [
  ['walletPaymentOptions.allowGooglePayOption', 'cardPaymentTexts.googlePayText'],
  ['walletPaymentOptions.allowApplePayOption', 'cardPaymentTexts.applePayText'],
  ['walletPaymentOptions.allowVenmoOption', 'cardPaymentTexts.venmoText'],
  ['walletPaymentOptions.allowPaypalOption', 'cardPaymentTexts.paypalText'],
] as const;

function methodLabel(settings: ReturnType<typeof useSettings>, method: SavedPaymentMethod) {
  const lastFour = savedLastFour(method);
  return method.IsCard
    ? `${PAYMENT_CARD_TYPE_NAMES[method.CardInfo.CardType]} ${fillPlaceholders(settings.get('paymentTexts.defaultCardText'), { lastFour })}`
    : `${method.AchInfo.AccountType} ${fillPlaceholders(settings.get('paymentTexts.defaultAccountText'), { lastFour })}`;
}

interface MethodStepProps {
  accountNumber: string;
  info: PaymentInfo;
  achAvailable: boolean;
  cardAvailable: boolean;
  /** The payment type chosen (or preselected). */
  paymentType: PaymentType | undefined;
  onPaymentType(type: PaymentType): void;
  chosen: ChosenMethod | undefined;
  onChoose(chosen: ChosenMethod | undefined): void;
  /**
   * The card payment last stopped: the card's refusal (Declined, OverLimit, InvalidInfo, Expired)
   * or cards paused (CardAttemptsPaused), with the key of the card (chosenMethodKey). The card is
   * unselected, and this step says so with what to do next (issue 20 item 4). Cleared by the
   * page once another method is chosen.
   */
  refusal?: { stop: CardStop; methodKey: string };
}

/**
 * Step 2, Payment Type (spec 001 sections 2 and 4): Card and E-Check radios (and the wallets the
 * settings offer, disabled), the default method with its remove icon, the single-use method with
 * its delete icon, the saved methods with delete and Set As Default, the New payment method
 * button and, for third-party card payments, the page that leaves for the configured site.
 */
export function MethodStep(props: MethodStepProps) {
  const settings = useSettings();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const paymentDetails = useOpenPaymentDetails();
  const firstPartyFees = firstPartyFeesOf(props.info);
  const cardFees = useCardChoiceFees(props.accountNumber, firstPartyFees);
  const methodsQuery = usePaymentMethods(props.accountNumber, true);
  const methods = methodsQuery.data?.PaymentMethods ?? props.info.PaymentMethods;
  // With paymentOptions.useDefaultPaymentMethodOption off there is no default to show, remove,
  // set or preselect (the setting's description: it shows the default and its remove icon).
  const useDefault = settings.get('paymentOptions.useDefaultPaymentMethodOption');
  const defaultMethod = !useDefault
    ? null
    : methodsQuery.data
      ? methodsQuery.data.DefaultPaymentMethod
      : props.info.DefaultPaymentMethod;
  const [status, setStatus] = useState<{ kind: 'success' | 'error'; text: string } | undefined>();
  const [settingDefault, setSettingDefault] = useState(false);
  const [defaultError, setDefaultError] = useState(false);
  const thirdPartyCards = settings.get('thirdPartyPaymentOptions.useThirdPartyCardPaymentsOption');
  const { paymentType, chosen } = props;
  const ofType = methods.filter((method) => (paymentType === 'Card') === method.IsCard);
  const step = paymentType
    ? paymentTypeStep(paymentType, ofType.length, thirdPartyCards)
    : undefined;
  const selected = chosen?.kind === 'saved' ? chosen.method : undefined;

  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(undefined), DELETE_STATUS_MS);
    return () => clearTimeout(timer);
  }, [status]);

  // Per type: a click on a type opens its new-method modal before the step re-renders with it,
  // so the modal must not take the permissions of the type shown before (found by the payment
  // journeys: a business user's first card got the ACH rule, no Save Payment Profile).
  // Section 6's rule, once (domain savedProfileAllowed): a card while card profiles are allowed;
  // a bank account for a personal user (company 0, as the loan's payment info says too) while ACH
  // profiles are not disallowed.
  const profiles = {
    allowCardProfiles: settings.get('cardPaymentOptions.allowCardProfilesOption'),
    disallowAchProfiles: settings.get('achPaymentOptions.disallowAchProfilesOption'),
  };
  const companyNumber = Math.max(user.companyNumber, props.info.PaymentDetails.Company);
  const permissionsOf = (type: PaymentType | undefined) =>
    type === 'Card'
      ? {
          canSave: savedProfileAllowed('Card', companyNumber, profiles),
          canUseOnce: settings.get('cardPaymentOptions.allowSingleUseCardOption'),
        }
      : {
          canSave: savedProfileAllowed('ACH', companyNumber, profiles),
          canUseOnce: settings.get('achPaymentOptions.allowSingleUseAchOption'),
        };

  async function addNew(type: PaymentType) {
    const result = await paymentDetails.open({
      paymentType: type,
      accountNumber: props.accountNumber,
      permissions: permissionsOf(type),
      cardFees,
    });
    if (!result) return;
    if (result.kind === 'saved') {
      await queryClient.invalidateQueries({
        queryKey: paymentMethodsQuery(props.accountNumber).queryKey,
      });
    }
    props.onChoose(result);
  }

  function choose(type: PaymentType) {
    props.onPaymentType(type);
    const saved = methods.filter((method) => (type === 'Card') === method.IsCard);
    const next = paymentTypeStep(type, saved.length, thirdPartyCards);
    // Decided: the loan's default method of the type is preselected.
    const preferred = saved.find(
      (method) => defaultMethod && sameSavedMethod(method, defaultMethod),
    );
    props.onChoose(preferred ? { kind: 'saved', method: preferred } : undefined);
    if (next === 'newMethod' && canAddNewOf(type)) void addNew(type);
  }

  function canAddNewOf(type: PaymentType): boolean {
    const allowed = permissionsOf(type);
    return allowed.canSave || allowed.canUseOnce;
  }

  // Section 4: a type preselected because it is the only one allowed is chosen as a click on it
  // would: its default method is preselected, and with nothing saved the new-method modal opens
  // at once. Once per mount (the ref holds across React's development double effect); a fresh
  // method step (after a scheduled or recurring payment was deleted) does it again.
  // An effect event: it reads the props of the render it runs after, and is not a dependency, so
  // the effect runs at mount only (later changes of the type come through choose() itself).
  const preselect = useEffectEvent(() => {
    if (props.paymentType && !props.chosen) choose(props.paymentType);
  });
  const preselectionRan = useRef(false);
  useEffect(() => {
    if (preselectionRan.current) return;
    preselectionRan.current = true;
    preselect();
  }, []);

  async function remove(method: SavedPaymentMethod) {
    const warn = settings.get('paymentOptions.showDeletePaymentMethodWarningOption');
    // Issue 20 item 9: the dialog names the payments the deletion cancels, as the server
    // answers them now; when they cannot be read it says so (the warning's general words).
    let cancels: PaymentOfMethod[] | undefined;
    try {
      cancels = await paymentsOfMethod(method);
    } catch {
      cancels = undefined;
    }
    const agreed = await confirm({
      title: settings.get('paymentTexts.deleteMethodConfirmText'),
      text: warn ? <PaymentsTheDeleteCancels payments={cancels} /> : undefined,
      cancelText: settings.get('paymentTexts.deleteMethodCancelText'),
      confirmText: settings.get('paymentTexts.deleteMethodConfirmButtonText'),
    });
    if (!agreed) return;
    try {
      await deleteSavedPaymentMethod(method);
      if (selected && sameSavedMethod(selected, method)) props.onChoose(undefined);
      queryClient.setQueryData(paymentMethodsQuery(props.accountNumber).queryKey, (current) =>
        current
          ? {
              ...current,
              PaymentMethods: current.PaymentMethods.filter((m) => !sameSavedMethod(m, method)),
              DefaultPaymentMethod:
                current.DefaultPaymentMethod &&
                sameSavedMethod(current.DefaultPaymentMethod, method)
                  ? null
                  : current.DefaultPaymentMethod,
            }
          : current,
      );
      // The server cancels the scheduled and recurring payments the method was paying
      // (paymentTexts.deleteMethodWarningText): the loan's payment info is fetched again.
      void queryClient.invalidateQueries({ queryKey: paymentKeys.info(props.accountNumber) });
      setStatus({ kind: 'success', text: settings.get('paymentTexts.deleteMethodSuccessText') });
    } catch {
      setStatus({ kind: 'error', text: settings.get('paymentTexts.deleteMethodErrorText') });
    }
  }

  async function makeDefault(method: SavedPaymentMethod) {
    setSettingDefault(true);
    setDefaultError(false);
    try {
      await setDefaultPaymentMethod(props.accountNumber, method);
      queryClient.setQueryData(paymentMethodsQuery(props.accountNumber).queryKey, (current) =>
        current ? { ...current, DefaultPaymentMethod: method } : current,
      );
    } catch {
      setDefaultError(true);
    } finally {
      setSettingDefault(false);
    }
  }

  const typeOptions: { value: PaymentType; label: string; available: boolean }[] = [
    {
      value: 'Card',
      label: settings.get('cardPaymentTexts.cardOptionText'),
      available: props.cardAvailable,
    },
    {
      value: 'ACH',
      label: settings.get('achPaymentTexts.eCheckOptionText'),
      available: props.achAvailable,
    },
  ];
  const wallets = props.cardAvailable ? WALLETS.filter(([option]) => settings.get(option)) : [];

  return (
    <Stack component="section" spacing={2} aria-labelledby="payment-type-heading">
      <Typography id="payment-type-heading" variant="h2" sx={{ fontSize: '1.25rem' }}>
        {settings.get('paymentTexts.paymentTypeHeadingText')}
      </Typography>
      <FormControl>
        <FormLabel id="payment-type-label">
          {settings.get('paymentTexts.paymentTypeHeadingText')}
        </FormLabel>
        <RadioGroup
          row
          aria-labelledby="payment-type-label"
          value={paymentType ?? ''}
          onChange={(event) => choose(event.target.value === 'Card' ? 'Card' : 'ACH')}
        >
          {typeOptions
            .filter((option) => option.available)
            .map((option) => (
              <FormControlLabel
                key={option.value}
                value={option.value}
                control={<Radio />}
                label={option.label}
              />
            ))}
          {wallets.map(([option, text]) => (
            <FormControlLabel
              key={option}
              value={option}
              disabled
              control={<Radio slotProps={{ input: { 'aria-describedby': 'wallet-note' } }} />}
              label={settings.get(text)}
            />
          ))}
        </RadioGroup>
        {/* Decided: no wallet provider (Google Pay, Apple Pay, Venmo, PayPal merchant) is reachable
          from this product, so a wallet the settings turn on shows as a disabled choice with
          this note rather than a choice that cannot complete. */}
        {wallets.length > 0 ? (
          <FormHelperText id="wallet-note">
            {settings.get('cardPaymentTexts.walletUnavailableText')}
          </FormHelperText>
        ) : null}
      </FormControl>

      {defaultMethod ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography>
            {defaultMethod.IsCard
              ? fillPlaceholders(settings.get('paymentTexts.defaultCardText'), {
                  lastFour: defaultMethod.CardInfo.CardNumber,
                })
              : fillPlaceholders(settings.get('paymentTexts.defaultAccountText'), {
                  lastFour: defaultMethod.AchInfo.AccountNumber,
                })}
          </Typography>
          <RemoveDefaultButton accountNumber={props.accountNumber} />
        </Stack>
      ) : null}

      {chosen && chosen.kind !== 'saved' ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography>
            {savedWithPayment(chosen)
              ? settings.get('paymentTexts.savedWithPaymentMethodText')
              : settings.get('paymentTexts.singleUseMethodText')}{' '}
            {paymentTypeOf(chosen) === 'Card'
              ? chosen.kind === 'singleUseCard'
                ? PAYMENT_CARD_TYPE_NAMES[chosen.method.CardInfo.CardType]
                : ''
              : chosen.kind === 'singleUseAch'
                ? chosen.ach.AccountType
                : ''}{' '}
            {chosenLastFour(chosen)}
          </Typography>
          <IconButton
            aria-label={settings.get('paymentTexts.deleteSingleUseMethodLabel')}
            onClick={() => props.onChoose(undefined)}
          >
            <DeleteOutlineIcon />
          </IconButton>
        </Stack>
      ) : null}

      {props.refusal ? (
        <RefusalNextSteps
          refusal={props.refusal.stop}
          offers={cardRefusalNextSteps(props.refusal.stop, {
            canAddCard: props.cardAvailable && canAddNewOf('Card') && !thirdPartyCards,
            // The saved cards the stopped one is not: one of them may still pay.
            otherSavedCards: props.cardAvailable
              ? methods.filter(
                  (method) =>
                    method.IsCard &&
                    chosenMethodKey({ kind: 'saved', method }) !== props.refusal?.methodKey,
                ).length
              : 0,
            achAvailable: props.achAvailable,
          })}
          onAnotherCard={() => {
            if (paymentType !== 'Card') props.onPaymentType('Card');
            void addNew('Card');
          }}
          onBankAccount={() => choose('ACH')}
        />
      ) : null}

      {chosen && paymentTypeOf(chosen) === 'Card' && cardFees ? (
        <Typography variant="body2">
          {fillPlaceholders(settings.get('paymentTexts.chosenCardFeeText'), {
            fee: formatUsd(
              (() => {
                const fee = feeMethodOf(chosen);
                return fee.type === 'Card' ? cardFees[fee.debitCredit] : 0;
              })(),
            ),
          })}
        </Typography>
      ) : null}

      {step === 'thirdPartyCardPage' ? (
        <Stack spacing={1}>
          <Typography>{settings.get('thirdPartyPaymentTexts.thirdPartyCardNoticeText')}</Typography>
          <div>
            <Button
              variant="contained"
              onClick={() =>
                openInNewTab(settings.get('thirdPartyPaymentOptions.thirdPartyCardPaymentURL'))
              }
            >
              {settings.get('thirdPartyPaymentTexts.thirdPartyCardButtonText')}
            </Button>
          </div>
        </Stack>
      ) : paymentType ? (
        <Stack spacing={1}>
          {ofType.length > 0 ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <NativeSelectField
                label={settings.get('paymentTexts.savedMethodsLabel')}
                value={selected ? profileIdOf(selected) : ''}
                onChange={(value) => {
                  const method = ofType.find((m) => profileIdOf(m) === value);
                  props.onChoose(method ? { kind: 'saved', method } : undefined);
                }}
              >
                <option value="" />
                {ofType.map((method) => (
                  <option key={profileIdOf(method)} value={profileIdOf(method)}>
                    {methodLabel(settings, method)}
                  </option>
                ))}
              </NativeSelectField>
              {/* Decided: one delete button beside the select, for the selected method: a
                  button inside a listbox option cannot be reached by keyboard or screen reader. */}
              {selected ? (
                <IconButton
                  aria-label={fillPlaceholders(
                    settings.get('paymentTexts.deleteSavedMethodLabel'),
                    {
                      method: methodLabel(settings, selected),
                    },
                  )}
                  onClick={() => void remove(selected)}
                >
                  <DeleteOutlineIcon />
                </IconButton>
              ) : null}
            </Stack>
          ) : null}
          {selected &&
          showsSetAsDefault({
            useDefaultPaymentMethodOption: useDefault,
            selected,
            defaultMethod,
          }) ? (
            <div>
              <Button
                variant="outlined"
                loading={settingDefault}
                onClick={() => void makeDefault(selected)}
              >
                {settings.get('paymentTexts.setAsDefaultButtonText')}
              </Button>
            </div>
          ) : null}
          {defaultError ? (
            <ErrorAlert>{settings.get('paymentTexts.setDefaultErrorText')}</ErrorAlert>
          ) : null}
          {canAddNewOf(paymentType) ? (
            <div>
              <Button
                variant="outlined"
                loading={paymentDetails.opening}
                onClick={() => void addNew(paymentType)}
              >
                {settings.get('paymentTexts.newPaymentMethodButtonText')}
              </Button>
            </div>
          ) : null}
        </Stack>
      ) : null}
      {status ? (
        <Alert severity={status.kind} role="status">
          {status.text}
        </Alert>
      ) : null}
    </Stack>
  );
}

/**
 * The default method's remove icon. DELETE api/PaymentMethod/RemoveDefaultPaymentMethod; the
 * spec has a failure only logged, so nothing shows either way but the default's removal.
 */
function RemoveDefaultButton(props: { accountNumber: string }) {
  const settings = useSettings();
  const queryClient = useQueryClient();
  return (
    <IconButton
      aria-label={settings.get('paymentTexts.removeDefaultMethodLabel')}
      onClick={() =>
        void removeDefaultPaymentMethod(props.accountNumber)
          .then(() =>
            queryClient.setQueryData(
              paymentMethodsQuery(props.accountNumber).queryKey,
              (current) => (current ? { ...current, DefaultPaymentMethod: null } : current),
            ),
          )
          .catch((error: unknown) => console.warn('RemoveDefaultPaymentMethod failed', error))
      }
    >
      <DeleteOutlineIcon />
    </IconButton>
  );
}

/** The settings text of each advice under a stopped card payment (domain cardRefusalNextSteps). */
const CARD_STOP_ADVICE_TEXTS = {
  anotherCardOrBankAccount: 'paymentTexts.cardRefusedNextStepText',
  anotherCard: 'paymentTexts.cardRefusedCardOnlyText',
  bankAccount: 'paymentTexts.cardRefusedBankOnlyText',
  contactInstitution: 'paymentTexts.cardRefusedContactText',
} as const satisfies Record<CardStopAdvice, TextKey>;

/**
 * Under a stopped card payment (issue 20 item 4): the refusal in its catalogue words, that
 * nothing was charged, and what the borrower can do now (another card, a bank account, or the
 * institution). Focus moves to it when it appears, since the submit button the borrower pressed
 * has gone with the unselected card.
 */
function RefusalNextSteps(props: {
  refusal: CardStop;
  offers: CardRefusalNextSteps;
  onAnotherCard(): void;
  onBankAccount(): void;
}) {
  const settings = useSettings();
  const ref = useRef<HTMLDivElement>(null);
  // The confirm dialog the payment was sent from holds focus until it has closed, then gives it
  // back to a submit button that is gone: once it lets go, focus comes here.
  useEffect(() => {
    const started = Date.now();
    const timer = window.setInterval(() => {
      const dialogOpen = document.querySelector('[role="dialog"]') !== null;
      if (dialogOpen && Date.now() - started < 5_000) return;
      window.clearInterval(timer);
      const active = document.activeElement;
      if (!active || active === document.body || !active.isConnected) ref.current?.focus();
    }, 50);
    return () => window.clearInterval(timer);
  }, [props.refusal]);
  const { offers } = props;
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      severity="error"
      sx={{ '& .MuiAlert-message': { width: '100%' } }}
    >
      <Stack spacing={1}>
        <span>
          {withCardAdditionalErrorText(
            settings.get(SUBMIT_ERROR_TEXT_KEYS[props.refusal]),
            'Card',
            settings.get('cardPaymentTexts.cardPaymentAdditionalErrorText'),
          )}
        </span>
        <span>{settings.get(CARD_STOP_ADVICE_TEXTS[offers.advice])}</span>
        {offers.anotherCard || offers.bankAccount ? (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            {offers.anotherCard ? (
              <Button variant="outlined" color="inherit" onClick={props.onAnotherCard}>
                {settings.get('paymentTexts.useAnotherCardButtonText')}
              </Button>
            ) : null}
            {offers.bankAccount ? (
              <Button variant="outlined" color="inherit" onClick={props.onBankAccount}>
                {settings.get('paymentTexts.payFromBankAccountButtonText')}
              </Button>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </Alert>
  );
}

/**
 * The delete dialog's warning, naming the scheduled and recurring payments the deletion cancels
 * (issue 20 item 9), or saying there are none; the general warning (deleteMethodWarningText)
 * when they could not be read.
 */
function PaymentsTheDeleteCancels(props: { payments: PaymentOfMethod[] | undefined }): ReactNode {
  const settings = useSettings();
  const { payments } = props;
  if (payments === undefined) {
    return <Typography>{settings.get('paymentTexts.deleteMethodWarningText')}</Typography>;
  }
  if (payments.length === 0) {
    return <Typography>{settings.get('paymentTexts.deleteMethodNoPaymentsText')}</Typography>;
  }
  const texts = {
    scheduledItemText: settings.get('paymentTexts.deleteMethodScheduledItemText'),
    recurringItemText: settings.get('paymentTexts.deleteMethodRecurringItemText'),
    schedule: scheduleWordingTextsOf(settings),
  };
  return (
    <>
      <Typography id="delete-method-payments">
        {settings.get('paymentTexts.deleteMethodPaymentsText')}
      </Typography>
      <ul aria-labelledby="delete-method-payments">
        {payments.map((payment, index) => (
          <li key={index}>{paymentOfMethodWording(payment, texts)}</li>
        ))}
      </ul>
    </>
  );
}
