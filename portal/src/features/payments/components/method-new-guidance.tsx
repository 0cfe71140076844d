import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  PAYMENT_CARD_TYPE_NAMES,
  SUBMIT_ERROR_TEXT_KEYS,
  fillPlaceholders,
  formatUsd,
  withCardAdditionalErrorText,
  type CardStop,
  type CardRefusalNextSteps,
  type CardStopAdvice,
  type DebitCreditType,
} from '@portal/domain';
import { useEffect, useRef } from 'react';
import { openInNewTab } from '../../../lib/external-link';
import { useSettings } from '../../../lib/settings/settings-context';
import {
  paymentTypeOf,
  chosenLastFour,
  feeMethodOf,
  savedWithPayment,
  type ChosenMethod,
} from '../utils/chosen-method';
import type { TextKey } from './payment-texts';

/**
 * A new method chosen in the modal (single-use, or saved with the payment), with its delete icon
 * that drops it.
 */
export function ChosenNewMethodLine(props: {
  chosen: Exclude<ChosenMethod, { kind: 'saved' }>;
  onChoose(chosen: ChosenMethod | undefined): void;
}) {
  const settings = useSettings();
  const { chosen } = props;
  return (
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
  );
}

/** The processing fee of the card chosen (nothing for a bank account, or while it loads). */
export function ChosenCardFee(props: {
  chosen: ChosenMethod | undefined;
  cardFees: Record<DebitCreditType, number> | undefined;
}) {
  const settings = useSettings();
  const { chosen, cardFees } = props;
  return chosen && paymentTypeOf(chosen) === 'Card' && cardFees ? (
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
  ) : null;
}

/** Third-party card payments: the notice and the button that leaves for the configured site. */
export function ThirdPartyCardNotice() {
  const settings = useSettings();
  return (
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
export function RefusalNextSteps(props: {
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
