import { describe, expect, it } from 'vitest';
import {
  PAYMENT_DELETION_ERRORS,
  PAYMENT_INFO_ERRORS,
  PAYMENT_METHOD_ERRORS,
  SUBMIT_ERRORS,
  SUBMIT_ERROR_TEXT_KEYS,
  type SavedPaymentMethod,
} from '../api/payments';
import { errorEnvelope, okEnvelope } from '../envelope';
import { PAYMENT_FREQUENCIES } from './payment-eligibility';
import {
  achDraftAgreementFirst,
  canDeleteRecurringPayment,
  canDeleteScheduledPayment,
  paymentErrorDisplay,
  showsSetAsDefault,
  withCardAdditionalErrorText,
  type PaymentErrorCatalogue,
  paymentErrorSeverity,
} from './payment-display';

const CATALOGUES: readonly PaymentErrorCatalogue[] = [
  'paymentInfo',
  'submit',
  'paymentMethod',
  'recurringDeletion',
  'scheduledDeletion',
];

describe('paymentErrorDisplay', () => {
  it('shows nothing for a successful answer', () => {
    for (const catalogue of CATALOGUES) {
      expect(paymentErrorDisplay(catalogue, okEnvelope())).toEqual({ kind: 'none' });
    }
  });

  it('logs the user out on Unauthorized, whatever the catalogue', () => {
    for (const catalogue of CATALOGUES) {
      expect(paymentErrorDisplay(catalogue, errorEnvelope('Unauthorized'))).toEqual({
        kind: 'logOut',
        reason: 'Unauthorized',
      });
    }
  });

  it('displays the first error only', () => {
    expect(paymentErrorDisplay('submit', errorEnvelope('Declined', 'Unauthorized'))).toEqual({
      kind: 'catalogued',
      catalogue: 'submit',
      key: 'Declined',
      textKey: 'paymentErrorTexts.declinedText',
    });
    expect(paymentErrorDisplay('submit', errorEnvelope('Unauthorized', 'Declined')).kind).toBe(
      'logOut',
    );
  });

  it('shows a message containing a space as a generic host error', () => {
    expect(paymentErrorDisplay('submit', errorEnvelope('Account is frozen'))).toEqual({
      kind: 'hostError',
      message: 'Account is frozen',
    });
    expect(paymentErrorDisplay('paymentInfo', errorEnvelope('Host down ')).kind).toBe('hostError');
  });

  it("shows the text after 'Generic -' as a processing error", () => {
    expect(
      paymentErrorDisplay('submit', errorEnvelope('Generic - Card processor timeout')),
    ).toEqual({ kind: 'processingError', message: 'Card processor timeout' });
    expect(paymentErrorDisplay('paymentMethod', errorEnvelope('Generic -Busy'))).toEqual({
      kind: 'processingError',
      message: 'Busy',
    });
  });

  it("falls back to the catalogue's fallback for a bare 'Generic -'", () => {
    expect(paymentErrorDisplay('submit', errorEnvelope('Generic -  '))).toMatchObject({
      kind: 'catalogued',
      key: 'Error',
    });
  });

  it("does not take the submit key 'Generic' for the 'Generic -' prefix", () => {
    expect(paymentErrorDisplay('submit', errorEnvelope('Generic'))).toMatchObject({
      kind: 'catalogued',
      key: 'Generic',
      textKey: 'paymentErrorTexts.genericSubmitText',
    });
  });

  it.each([
    ['paymentInfo', PAYMENT_INFO_ERRORS],
    ['submit', SUBMIT_ERRORS],
    ['paymentMethod', PAYMENT_METHOD_ERRORS],
    ['recurringDeletion', PAYMENT_DELETION_ERRORS],
    ['scheduledDeletion', PAYMENT_DELETION_ERRORS],
  ] as const)('shows every %s key as itself', (catalogue, wordings) => {
    for (const key of Object.keys(wordings)) {
      expect(paymentErrorDisplay(catalogue, errorEnvelope(key))).toMatchObject({
        kind: 'catalogued',
        catalogue,
        key,
      });
    }
  });

  it("names the settings text of a submit key's wording", () => {
    for (const key of Object.keys(SUBMIT_ERRORS)) {
      const display = paymentErrorDisplay('submit', errorEnvelope(key));
      expect(display.kind === 'catalogued' && display.textKey).toBe(
        Object.entries(SUBMIT_ERROR_TEXT_KEYS).find(([k]) => k === key)?.[1],
      );
    }
  });

  it('reads a key against the chosen catalogue only', () => {
    expect(paymentErrorDisplay('paymentInfo', errorEnvelope('Declined'))).toMatchObject({
      key: 'Generic',
    });
    expect(paymentErrorDisplay('submit', errorEnvelope('NiteMode'))).toMatchObject({
      key: 'Error',
    });
  });

  it.each([
    ['paymentInfo', 'Generic', 'paymentErrorTexts.genericInfoErrorText'],
    ['submit', 'Error', 'paymentErrorTexts.submitErrorText'],
    ['paymentMethod', 'MethodError', 'paymentErrorTexts.methodErrorText'],
    [
      'recurringDeletion',
      'RecurringDeleteFailed',
      'recurringPaymentTexts.deleteRecurringErrorText',
    ],
    [
      'scheduledDeletion',
      'ScheduledDeleteFailed',
      'recurringPaymentTexts.deleteScheduledErrorText',
    ],
  ] as const)(
    'shows %s %s for an unknown message, an empty error list and a network failure',
    (catalogue, key, textKey) => {
      const fallback = { kind: 'catalogued', catalogue, key, textKey };
      expect(paymentErrorDisplay(catalogue, errorEnvelope('SomethingNew'))).toEqual(fallback);
      expect(paymentErrorDisplay(catalogue, errorEnvelope())).toEqual(fallback);
      expect(paymentErrorDisplay(catalogue, 'networkFailure')).toEqual(fallback);
    },
  );

  it('shows Error for a network failure on submit', () => {
    expect(paymentErrorDisplay('submit', 'networkFailure')).toMatchObject({ key: 'Error' });
  });

  it('does not take inherited object names for catalogue keys', () => {
    for (const message of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(paymentErrorDisplay('paymentInfo', errorEnvelope(message))).toMatchObject({
        key: 'Generic',
      });
    }
  });

  it('matches keys exactly, case included', () => {
    expect(paymentErrorDisplay('submit', errorEnvelope('declined'))).toMatchObject({
      key: 'Error',
    });
    expect(paymentErrorDisplay('submit', errorEnvelope('unauthorized')).kind).toBe('catalogued');
  });
});

describe('paymentErrorSeverity', () => {
  it('shows MultipleScheduled and Scheduled as information, everything else as an error', () => {
    const severityOf = (key: string) =>
      paymentErrorSeverity(paymentErrorDisplay('submit', errorEnvelope(key)));
    expect(severityOf('MultipleScheduled')).toBe('info');
    expect(severityOf('Scheduled')).toBe('info');
    for (const key of ['Error', 'New', 'ContactUs', 'Connection', 'Retrieving', 'Declined']) {
      expect(severityOf(key)).toBe('error');
    }
    expect(paymentErrorSeverity(paymentErrorDisplay('submit', 'networkFailure'))).toBe('error');
    expect(
      paymentErrorSeverity(
        paymentErrorDisplay('submit', errorEnvelope('Scheduled payments moved')),
      ),
    ).toBe('error');
  });
});

describe('achDraftAgreementFirst', () => {
  it('opens the ACH draft agreement for a recurring ACH payment when the setting is on', () => {
    for (const frequency of PAYMENT_FREQUENCIES.filter((f) => f !== 'OneTime')) {
      expect(
        achDraftAgreementFirst({
          requireAchDraftAgreementOption: true,
          paymentType: 'ACH',
          frequency,
        }),
      ).toBe(true);
    }
  });

  it('goes straight to confirm for a one-time payment', () => {
    expect(
      achDraftAgreementFirst({
        requireAchDraftAgreementOption: true,
        paymentType: 'ACH',
        frequency: 'OneTime',
      }),
    ).toBe(false);
  });

  it('goes straight to confirm for a card payment', () => {
    expect(
      achDraftAgreementFirst({
        requireAchDraftAgreementOption: true,
        paymentType: 'Card',
        frequency: 'Weekly',
      }),
    ).toBe(false);
  });

  it('goes straight to confirm when the setting is off', () => {
    expect(
      achDraftAgreementFirst({
        requireAchDraftAgreementOption: false,
        paymentType: 'ACH',
        frequency: 'Weekly',
      }),
    ).toBe(false);
  });
});

describe('canDeleteRecurringPayment', () => {
  it('allows deleting a deletable recurring payment when the setting allows it', () => {
    expect(canDeleteRecurringPayment({ CanDelete: true }, true)).toBe(true);
  });

  it('refuses when the server does not mark it deletable', () => {
    expect(canDeleteRecurringPayment({ CanDelete: false }, true)).toBe(false);
  });

  it('refuses when the setting does not allow it', () => {
    expect(canDeleteRecurringPayment({ CanDelete: true }, false)).toBe(false);
  });
});

describe('canDeleteScheduledPayment', () => {
  it('allows deleting a deletable, unposted scheduled payment when the setting allows it', () => {
    expect(canDeleteScheduledPayment({ CanDelete: true, HasBeenPosted: false }, true)).toBe(true);
  });

  it('refuses a payment that has been posted', () => {
    expect(canDeleteScheduledPayment({ CanDelete: true, HasBeenPosted: true }, true)).toBe(false);
  });

  it('refuses when the server does not mark it deletable', () => {
    expect(canDeleteScheduledPayment({ CanDelete: false, HasBeenPosted: false }, true)).toBe(false);
  });

  it('refuses when the setting does not allow it', () => {
    expect(canDeleteScheduledPayment({ CanDelete: true, HasBeenPosted: false }, false)).toBe(false);
  });
});

describe('showsSetAsDefault', () => {
  const card = (ProfileId: string): SavedPaymentMethod => ({
    IsCard: true,
    CardInfo: {
      CardType: 'visa',
      CardNumber: '1111',
      ExpirationDate: '12/30',
      ProfileId,
      DebitCreditType: 'DebitCard',
    },
  });
  const bank = (ProfileId: string): SavedPaymentMethod => ({
    IsCard: false,
    AchInfo: { AccountType: 'Checking', AccountNumber: '6789', ProfileId },
  });

  it('shows for a selected method that is not the default', () => {
    expect(
      showsSetAsDefault({
        useDefaultPaymentMethodOption: true,
        selected: card('c-2'),
        defaultMethod: card('c-1'),
      }),
    ).toBe(true);
  });

  it('shows when the loan has no default method', () => {
    expect(
      showsSetAsDefault({
        useDefaultPaymentMethodOption: true,
        selected: bank('b-1'),
        defaultMethod: null,
      }),
    ).toBe(true);
  });

  it('hides for the method that already is the default', () => {
    expect(
      showsSetAsDefault({
        useDefaultPaymentMethodOption: true,
        selected: bank('b-1'),
        defaultMethod: bank('b-1'),
      }),
    ).toBe(false);
  });

  it('shows for a bank account whose ProfileId equals the default card', () => {
    expect(
      showsSetAsDefault({
        useDefaultPaymentMethodOption: true,
        selected: bank('same'),
        defaultMethod: card('same'),
      }),
    ).toBe(true);
  });

  it('hides when no method is selected', () => {
    expect(
      showsSetAsDefault({
        useDefaultPaymentMethodOption: true,
        selected: undefined,
        defaultMethod: card('c-1'),
      }),
    ).toBe(false);
  });

  it('hides when the setting is off', () => {
    expect(
      showsSetAsDefault({
        useDefaultPaymentMethodOption: false,
        selected: card('c-2'),
        defaultMethod: null,
      }),
    ).toBe(false);
  });
});

describe('withCardAdditionalErrorText', () => {
  it('adds the configured text after a card payment error', () => {
    expect(withCardAdditionalErrorText(SUBMIT_ERRORS.Declined, 'Card', 'Call 555-0100.')).toBe(
      'Transaction Declined. Call 555-0100.',
    );
  });

  it('trims the configured text and the wording it joins', () => {
    expect(withCardAdditionalErrorText('Card is expired. ', 'Card', '  Call us. ')).toBe(
      'Card is expired. Call us.',
    );
  });

  it('leaves the wording as it is when no text is configured', () => {
    expect(withCardAdditionalErrorText(SUBMIT_ERRORS.Declined, 'Card', '')).toBe(
      SUBMIT_ERRORS.Declined,
    );
    expect(withCardAdditionalErrorText(SUBMIT_ERRORS.Declined, 'Card', '   ')).toBe(
      SUBMIT_ERRORS.Declined,
    );
  });

  it('does not add the card text to an ACH payment error', () => {
    expect(withCardAdditionalErrorText(SUBMIT_ERRORS.Invalid, 'ACH', 'Call 555-0100.')).toBe(
      SUBMIT_ERRORS.Invalid,
    );
  });

  it('shows the text alone when the wording is empty', () => {
    expect(withCardAdditionalErrorText('', 'Card', 'Call us.')).toBe('Call us.');
  });
});
