import type { SettingKey } from '@portal/settings-schema';
import {
  GENERIC_ERROR_PREFIX,
  PAYMENT_DELETION_ERRORS,
  PAYMENT_DELETION_ERROR_TEXT_KEYS,
  PAYMENT_INFO_ERRORS,
  PAYMENT_INFO_ERROR_TEXT_KEYS,
  PAYMENT_METHOD_ERRORS,
  PAYMENT_METHOD_ERROR_TEXT_KEYS,
  SUBMIT_ERRORS,
  SUBMIT_ERROR_TEXT_KEYS,
  type PaymentDeletionError,
  type PaymentInfoError,
  type PaymentMethodError,
  type RecurringPaymentInfo,
  type SavedPaymentMethod,
  type ScheduledPaymentInfo,
  type SubmitError,
} from '../api/payments';
import { ENVELOPE_CODES, firstError, type Envelope } from '../envelope';
import type { PaymentFrequency, PaymentType } from './payment-eligibility';

/**
 * What the payments screens show (spec 001 sections 4, 6 and 8): the envelope error display
 * rules, the ACH draft agreement step, the delete and set-default permissions and the extra card
 * error text. Plain decisions for the portal to render; institution settings arrive as plain
 * parameters, each naming the settings key it comes from.
 */

/** The error key type of each catalogue; deletion is split by what was being deleted. */
export interface PaymentErrorCatalogueKeys {
  paymentInfo: PaymentInfoError;
  submit: SubmitError;
  paymentMethod: PaymentMethodError;
  recurringDeletion: PaymentDeletionError;
  scheduledDeletion: PaymentDeletionError;
}

/** Which catalogue (section 8) the answer's errors are read against. */
export type PaymentErrorCatalogue = keyof PaymentErrorCatalogueKeys;

/** What to show for an answer (section 8 "Envelope rules"). */
export type PaymentErrorDisplay<C extends PaymentErrorCatalogue = PaymentErrorCatalogue> =
  /** The answer succeeded: nothing to show. */
  | { kind: 'none' }
  /** 'Unauthorized': log the user out with the unauthorized reason. */
  | { kind: 'logOut'; reason: typeof ENVELOPE_CODES.unauthorized }
  /** A message containing a space: the host's text, shown as a generic host error. */
  | { kind: 'hostError'; message: string }
  /** A 'Generic -' message: the text after the prefix, shown as a processing error. */
  | { kind: 'processingError'; message: string }
  /** A catalogue entry: its wording is the settings text `textKey` (default in the catalogue). */
  | {
      kind: 'catalogued';
      catalogue: C;
      key: PaymentErrorCatalogueKeys[C];
      textKey: SettingKey;
    };

interface CatalogueRule<K extends string> {
  wordings: Readonly<Record<K, string>>;
  textKeys: Readonly<Record<K, SettingKey>>;
  /** What an unknown message, or a failed answer without any error, shows. */
  unknown: K;
  /** What a network failure (no answer at all) shows. */
  networkFailure: K;
}

const CATALOGUE_RULES: {
  [C in PaymentErrorCatalogue]: CatalogueRule<PaymentErrorCatalogueKeys[C]>;
} = {
  // Section 8: an unknown message gives Generic; the spec names nothing else for a failed load.
  paymentInfo: {
    wordings: PAYMENT_INFO_ERRORS,
    textKeys: PAYMENT_INFO_ERROR_TEXT_KEYS,
    unknown: 'Generic',
    networkFailure: 'Generic',
  },
  // A network failure shows Error (section 8). An unknown code is taken as a refused payment,
  // which Error words; Generic ('do not submit again') is for a payment that may have gone
  // through, and the host says that with its own 'Generic -' message.
  submit: {
    wordings: SUBMIT_ERRORS,
    textKeys: SUBMIT_ERROR_TEXT_KEYS,
    unknown: 'Error',
    networkFailure: 'Error',
  },
  // "An error occurred." covers any other failure, also a call failure without an error list.
  paymentMethod: {
    wordings: PAYMENT_METHOD_ERRORS,
    textKeys: PAYMENT_METHOD_ERROR_TEXT_KEYS,
    unknown: 'MethodError',
    networkFailure: 'MethodError',
  },
  recurringDeletion: {
    wordings: PAYMENT_DELETION_ERRORS,
    textKeys: PAYMENT_DELETION_ERROR_TEXT_KEYS,
    unknown: 'RecurringDeleteFailed',
    networkFailure: 'RecurringDeleteFailed',
  },
  scheduledDeletion: {
    wordings: PAYMENT_DELETION_ERRORS,
    textKeys: PAYMENT_DELETION_ERROR_TEXT_KEYS,
    unknown: 'ScheduledDeleteFailed',
    networkFailure: 'ScheduledDeleteFailed',
  },
};

function isKeyOf<K extends string>(wordings: Readonly<Record<K, string>>, key: string): key is K {
  // Own keys only: 'constructor' or 'toString' from the host is not a catalogue entry.
  return Object.hasOwn(wordings, key);
}

/**
 * What to show for a payments answer (spec 001 section 8 "Envelope rules"), read against one
 * catalogue. Pass the answer's envelope, or 'networkFailure' when no answer came. Only the first
 * error counts (it is the one displayed), checked in this order:
 * 1. 'Unauthorized' logs the user out;
 * 2. 'Generic -' followed by text shows that text (trimmed) as a processing error; the prefix
 *    itself contains a space, so this comes before the next rule;
 * 3. any other message containing a space is host text, shown as a generic host error;
 * 4. a catalogue key shows its wording (the portal reads `textKey` from the settings);
 * 5. anything else, a bare 'Generic -' and a failed answer without errors show the catalogue's
 *    fallback: Generic for payment info, Error for submit, MethodError for payment methods,
 *    RecurringDeleteFailed or ScheduledDeleteFailed for deletions.
 * A network failure shows Error on submit and the same fallback elsewhere.
 */
export function paymentErrorDisplay<C extends PaymentErrorCatalogue>(
  catalogue: C,
  answer: Pick<Envelope, 'HasNoErrors' | 'Errors'> | 'networkFailure',
): PaymentErrorDisplay<C> {
  const rule: CatalogueRule<PaymentErrorCatalogueKeys[C]> = CATALOGUE_RULES[catalogue];
  const catalogued = (key: PaymentErrorCatalogueKeys[C]): PaymentErrorDisplay<C> => ({
    kind: 'catalogued',
    catalogue,
    key,
    textKey: rule.textKeys[key],
  });
  if (answer === 'networkFailure') return catalogued(rule.networkFailure);
  if (answer.HasNoErrors) return { kind: 'none' };
  const message = firstError(answer);
  if (message === undefined) return catalogued(rule.unknown);
  if (message === ENVELOPE_CODES.unauthorized) {
    return { kind: 'logOut', reason: ENVELOPE_CODES.unauthorized };
  }
  if (message.startsWith(GENERIC_ERROR_PREFIX)) {
    const text = message.slice(GENERIC_ERROR_PREFIX.length).trim();
    return text === '' ? catalogued(rule.unknown) : { kind: 'processingError', message: text };
  }
  if (message.includes(' ')) return { kind: 'hostError', message };
  return catalogued(isKeyOf(rule.wordings, message) ? message : rule.unknown);
}

/** Section 8 names MultipleScheduled and Scheduled "info messages". */
const INFORMATION_KEYS: ReadonlySet<string> = new Set(['MultipleScheduled', 'Scheduled']);

/**
 * How an answer's message is shown (spec 001 section 8): MultipleScheduled and Scheduled, which
 * tell the borrower that scheduled payments cannot be modified online, as information; every
 * other message as an error.
 */
export function paymentErrorSeverity(display: PaymentErrorDisplay): 'info' | 'error' {
  return display.kind === 'catalogued' && INFORMATION_KEYS.has(display.key) ? 'info' : 'error';
}

/**
 * Whether submitting opens the ACH draft agreement first, its token then going with the request
 * (spec 001 section 4 "Submit"): the setting is on, the method is ACH and the frequency is not
 * OneTime. Otherwise the confirm dialog opens.
 *
 * @param requireAchDraftAgreementOption `achPaymentOptions.requireAchDraftAgreementOption`
 */
export function achDraftAgreementFirst(submit: {
  requireAchDraftAgreementOption: boolean;
  paymentType: PaymentType;
  frequency: PaymentFrequency;
}): boolean {
  return (
    submit.requireAchDraftAgreementOption &&
    submit.paymentType === 'ACH' &&
    submit.frequency !== 'OneTime'
  );
}

/**
 * Whether the borrower may delete the loan's recurring payment (spec 001 section 6): the server
 * marks it deletable (CanDelete) and the setting allows it.
 *
 * @param allowDeleteRecurringPaymentOption `paymentOptions.allowDeleteRecurringPaymentOption`
 */
export function canDeleteRecurringPayment(
  payment: Pick<RecurringPaymentInfo, 'CanDelete'>,
  allowDeleteRecurringPaymentOption: boolean,
): boolean {
  return payment.CanDelete && allowDeleteRecurringPaymentOption;
}

/**
 * Whether the borrower may delete a scheduled payment (spec 001 section 6): the server marks it
 * deletable (CanDelete), the setting allows it and it has not been posted (HasBeenPosted).
 *
 * @param allowDeleteScheduledPaymentOption `paymentOptions.allowDeleteScheduledPaymentOption`
 */
export function canDeleteScheduledPayment(
  payment: Pick<ScheduledPaymentInfo, 'CanDelete' | 'HasBeenPosted'>,
  allowDeleteScheduledPaymentOption: boolean,
): boolean {
  return payment.CanDelete && allowDeleteScheduledPaymentOption && !payment.HasBeenPosted;
}

function profileIdOf(method: SavedPaymentMethod): string {
  return method.IsCard ? method.CardInfo.ProfileId : method.AchInfo.ProfileId;
}

/**
 * Whether the 'Set As Default Method' button shows (spec 001 section 4 "Default method"): the
 * setting is on, a method is selected and it is not already the loan's default. A method is the
 * default when it is of the same kind (card or bank account) with the same ProfileId.
 *
 * @param useDefaultPaymentMethodOption `paymentOptions.useDefaultPaymentMethodOption`
 */
export function showsSetAsDefault(state: {
  useDefaultPaymentMethodOption: boolean;
  selected: SavedPaymentMethod | null | undefined;
  defaultMethod: SavedPaymentMethod | null | undefined;
}): boolean {
  const { selected, defaultMethod } = state;
  if (!state.useDefaultPaymentMethodOption || !selected) return false;
  if (!defaultMethod) return true;
  return !(
    selected.IsCard === defaultMethod.IsCard && profileIdOf(selected) === profileIdOf(defaultMethod)
  );
}

/**
 * A submit error's wording with the institution's extra card error text (spec 001 section 8
 * "Card payment additional error text is added when configured"): for a card payment with the
 * text set, the wording, a space and the text; otherwise the wording unchanged. A blank text
 * counts as not set.
 *
 * @param cardPaymentAdditionalErrorText `cardPaymentTexts.cardPaymentAdditionalErrorText`
 */
export function withCardAdditionalErrorText(
  wording: string,
  paymentType: PaymentType,
  cardPaymentAdditionalErrorText: string,
): string {
  const extra = cardPaymentAdditionalErrorText.trim();
  if (paymentType !== 'Card' || extra === '') return wording;
  return wording.trim() === '' ? extra : `${wording.trimEnd()} ${extra}`;
}
