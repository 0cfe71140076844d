import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  cardRefusalNextSteps,
  paymentTypeStep,
  savedProfileAllowed,
  type CardStop,
  type PaymentType,
} from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useSettings } from '../../../lib/settings/settings-context';
import { useSignedInUser } from '../../../lib/session/session-context';
import { paymentMethodsQuery, usePaymentMethods } from '../api/payment-methods';
import { chosenMethodKey, sameSavedMethod, type ChosenMethod } from '../utils/chosen-method';
import { firstPartyFeesOf } from '../utils/payment-context';
import { useCardChoiceFees } from '../hooks/use-card-choice-fees';
import type { PaymentInfo } from '../../../lib/payments/payment-info';
import {
  ChosenCardFee,
  ChosenNewMethodLine,
  RefusalNextSteps,
  ThirdPartyCardNotice,
} from './method-new-guidance';
import {
  DefaultMethodLine,
  SavedMethodsPicker,
  useSavedMethodActions,
} from './method-saved-picker';
import { PaymentTypeChoice } from './method-type-choice';
import { useOpenPaymentDetails } from './open-payment-details';

export { DELETE_STATUS_MS } from './method-saved-picker';

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

/** The loan's saved methods and its default, as the methods query (or the payment info) has them. */
function useLoanMethods(accountNumber: string, info: PaymentInfo) {
  const settings = useSettings();
  const methodsQuery = usePaymentMethods(accountNumber, true);
  const methods = methodsQuery.data?.PaymentMethods ?? info.PaymentMethods;
  // With paymentOptions.useDefaultPaymentMethodOption off there is no default to show, remove,
  // set or preselect (the setting's description: it shows the default and its remove icon).
  const useDefault = settings.get('paymentOptions.useDefaultPaymentMethodOption');
  const defaultMethod = !useDefault
    ? null
    : methodsQuery.data
      ? methodsQuery.data.DefaultPaymentMethod
      : info.DefaultPaymentMethod;
  return { methods, useDefault, defaultMethod };
}

/** What the new-method modal of each type may do: save the method, or use it once. */
function useNewMethodPermissions(info: PaymentInfo) {
  const settings = useSettings();
  const user = useSignedInUser();
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
  const companyNumber = Math.max(user.companyNumber, info.PaymentDetails.Company);
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

  function canAddNewOf(type: PaymentType): boolean {
    const allowed = permissionsOf(type);
    return allowed.canSave || allowed.canUseOnce;
  }

  return { permissionsOf, canAddNewOf };
}

/**
 * Step 2, Payment Type (spec 001 sections 2 and 4): Card and E-Check radios (and the wallets the
 * settings offer, disabled), the default method with its remove icon, the single-use method with
 * its delete icon, the saved methods with delete and Set As Default, the New payment method
 * button and, for third-party card payments, the page that leaves for the configured site.
 */
export function MethodStep(props: MethodStepProps) {
  const settings = useSettings();
  const queryClient = useQueryClient();
  const paymentDetails = useOpenPaymentDetails();
  const firstPartyFees = firstPartyFeesOf(props.info);
  const cardFees = useCardChoiceFees(props.accountNumber, firstPartyFees);
  const { methods, useDefault, defaultMethod } = useLoanMethods(props.accountNumber, props.info);
  const thirdPartyCards = settings.get('thirdPartyPaymentOptions.useThirdPartyCardPaymentsOption');
  const { paymentType, chosen } = props;
  const ofType = methods.filter((method) => (paymentType === 'Card') === method.IsCard);
  const step = paymentType
    ? paymentTypeStep(paymentType, ofType.length, thirdPartyCards)
    : undefined;
  const selected = chosen?.kind === 'saved' ? chosen.method : undefined;
  const actions = useSavedMethodActions(props.accountNumber, selected, props.onChoose);
  const { permissionsOf, canAddNewOf } = useNewMethodPermissions(props.info);

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

  return (
    <Stack component="section" spacing={2} aria-labelledby="payment-type-heading">
      <Typography id="payment-type-heading" variant="h2" sx={{ fontSize: '1.25rem' }}>
        {settings.get('paymentTexts.paymentTypeHeadingText')}
      </Typography>
      <PaymentTypeChoice
        paymentType={paymentType}
        achAvailable={props.achAvailable}
        cardAvailable={props.cardAvailable}
        onChoose={choose}
      />

      {defaultMethod ? (
        <DefaultMethodLine accountNumber={props.accountNumber} defaultMethod={defaultMethod} />
      ) : null}

      {chosen && chosen.kind !== 'saved' ? (
        <ChosenNewMethodLine chosen={chosen} onChoose={props.onChoose} />
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

      <ChosenCardFee chosen={chosen} cardFees={cardFees} />

      {step === 'thirdPartyCardPage' ? (
        <ThirdPartyCardNotice />
      ) : paymentType ? (
        <SavedMethodsPicker
          ofType={ofType}
          selected={selected}
          useDefault={useDefault}
          defaultMethod={defaultMethod}
          actions={actions}
          onChoose={props.onChoose}
          canAddNew={canAddNewOf(paymentType)}
          addingNew={paymentDetails.opening}
          onAddNew={() => void addNew(paymentType)}
        />
      ) : null}
      {actions.status ? (
        <Alert severity={actions.status.kind} role="status">
          {actions.status.text}
        </Alert>
      ) : null}
    </Stack>
  );
}
