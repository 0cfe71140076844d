import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEDULE_WORDING_TEXTS } from './schedule-wording';
import {
  achFrequencyFeeWords,
  achKindFees,
  cardChoiceFees,
  cardRefusalNextSteps,
  cardStopOf,
  choiceWithFee,
  oneTimeAchAuthorization,
  oneTimeAchAuthorizationTextKey,
  recurringAchAuthorization,
  paymentOfMethodWording,
} from './payment-method-choices';

const FEES = {
  scheduledAchFeeCents: 150,
  eCheckFeeCents: 250,
  recurringAchFeeCents: 100,
  debitCardFeeCents: 395,
  creditCardFeeCents: 495,
};

describe('the method step rules of issue 20', () => {
  it('after a refusal offers another card and a bank account where each may pay', () => {
    const all = { canAddCard: true, otherSavedCards: 0, achAvailable: true };
    expect(cardRefusalNextSteps('Declined', all)).toEqual({
      anotherCard: true,
      bankAccount: true,
      advice: 'anotherCardOrBankAccount',
    });
    expect(cardRefusalNextSteps('Expired', { ...all, achAvailable: false })).toEqual({
      anotherCard: true,
      bankAccount: false,
      advice: 'anotherCard',
    });
  });

  it('advises a saved card when no new card may be added, without offering to add one', () => {
    expect(
      cardRefusalNextSteps('OverLimit', {
        canAddCard: false,
        otherSavedCards: 1,
        achAvailable: false,
      }),
    ).toEqual({ anotherCard: false, bankAccount: false, advice: 'anotherCard' });
    expect(
      cardRefusalNextSteps('OverLimit', {
        canAddCard: false,
        otherSavedCards: 0,
        achAvailable: true,
      }),
    ).toEqual({ anotherCard: false, bankAccount: true, advice: 'bankAccount' });
  });

  it('sends the borrower to the institution when no card and no bank account can pay', () => {
    expect(
      cardRefusalNextSteps('InvalidInfo', {
        canAddCard: false,
        otherSavedCards: 0,
        achAvailable: false,
      }),
    ).toEqual({ anotherCard: false, bankAccount: false, advice: 'contactInstitution' });
  });

  it('offers no card at all while card payments are paused, whatever is saved', () => {
    const cardsEverywhere = { canAddCard: true, otherSavedCards: 3 };
    expect(
      cardRefusalNextSteps('CardAttemptsPaused', { ...cardsEverywhere, achAvailable: true }),
    ).toEqual({ anotherCard: false, bankAccount: true, advice: 'bankAccount' });
    expect(
      cardRefusalNextSteps('CardAttemptsPaused', { ...cardsEverywhere, achAvailable: false }),
    ).toEqual({ anotherCard: false, bankAccount: false, advice: 'contactInstitution' });
  });

  it('tells the submit answers that stop a card payment from the others', () => {
    expect(cardStopOf('Declined')).toBe('Declined');
    expect(cardStopOf('Expired')).toBe('Expired');
    expect(cardStopOf('CardAttemptsPaused')).toBe('CardAttemptsPaused');
    expect(cardStopOf('Generic')).toBeUndefined();
    expect(cardStopOf('PaymentDateWeekend')).toBeUndefined();
  });

  it("adds each Debit/Credit choice's first-party and third-party fees", () => {
    expect(cardChoiceFees(FEES, { DebitCard: 0, CreditCard: 0 })).toEqual({
      DebitCard: 395,
      CreditCard: 495,
    });
    expect(cardChoiceFees(FEES, { DebitCard: 50, CreditCard: 100 })).toEqual({
      DebitCard: 445,
      CreditCard: 595,
    });
  });

  it("adds each bank-account payment kind's first-party and third-party fees", () => {
    expect(achKindFees(FEES, { immediate: 0, scheduled: 0, recurring: 0 })).toEqual({
      immediate: 250,
      scheduled: 150,
      recurring: 100,
    });
    expect(achKindFees(FEES, { immediate: 25, scheduled: 25, recurring: 25 })).toEqual({
      immediate: 275,
      scheduled: 175,
      recurring: 125,
    });
  });

  it('words the fee of each bank-account frequency, by the kind of payment it makes', () => {
    const texts = {
      feeText: 'fee {fee}',
      noFeeText: 'no fee',
      oneTimeFeesText: 'fee {todayFee} today, {laterFee} on a later date',
    };
    const fees = { immediate: 250, scheduled: 150, recurring: 0 };
    expect(achFrequencyFeeWords('OneTime', fees, texts)).toBe(
      'fee $2.50 today, $1.50 on a later date',
    );
    expect(achFrequencyFeeWords('Weekly', fees, texts)).toBe('no fee');
    expect(achFrequencyFeeWords('MonthlyOnDate', { ...fees, recurring: 100 }, texts)).toBe(
      'fee $1.00',
    );
    // One figure when today's and a later date's fees agree.
    expect(achFrequencyFeeWords('OneTime', { ...fees, scheduled: 250 }, texts)).toBe('fee $2.50');
    // Nothing at all when no kind has a fee.
    expect(
      achFrequencyFeeWords('OneTime', { immediate: 0, scheduled: 0, recurring: 0 }, texts),
    ).toBeUndefined();
  });

  it('words a choice with its fee, or with no fee', () => {
    const texts = { feeText: 'fee {fee}', noFeeText: 'no fee' };
    expect(choiceWithFee('Credit Card', 495, texts)).toBe('Credit Card (fee $4.95)');
    expect(choiceWithFee('Debit Card', 0, texts)).toBe('Debit Card (no fee)');
  });

  it('names a scheduled and a recurring payment a deletion cancels', () => {
    const texts = {
      scheduledItemText: 'Scheduled payment of {amount} on {date} to loan {loan}',
      recurringItemText: 'Recurring payment of {amount}, {schedule}, to loan {loan}',
      schedule: DEFAULT_SCHEDULE_WORDING_TEXTS,
    };
    expect(
      paymentOfMethodWording(
        {
          Kind: 'Scheduled',
          LoanAccountNumber: '****2352',
          PaymentDate: '2026-12-04',
          PaymentAmount: 5_000,
          RecurringOption: null,
          NumberOfDays: 0,
        },
        texts,
      ),
    ).toBe('Scheduled payment of $50.00 on 12/04/2026 to loan ****2352');
    expect(
      paymentOfMethodWording(
        {
          Kind: 'Recurring',
          LoanAccountNumber: '****2341',
          PaymentDate: '2026-12-15',
          PaymentAmount: 12_550,
          RecurringOption: 'DaysBeforeDue',
          NumberOfDays: 3,
        },
        texts,
      ),
    ).toBe('Recurring payment of $125.50, 3 days before your loan is due, to loan ****2341');
    // Named by the loan's name where the server gives it (issue 20).
    expect(
      paymentOfMethodWording(
        {
          Kind: 'Scheduled',
          LoanAccountNumber: '****2352',
          LoanName: 'Home Equity Loan ****2352',
          PaymentDate: '2026-12-04',
          PaymentAmount: 5_000,
          RecurringOption: null,
          NumberOfDays: 0,
        },
        { ...texts, scheduledItemText: 'Scheduled payment of {amount} on {date} to {loan}' },
      ),
    ).toBe('Scheduled payment of $50.00 on 12/04/2026 to Home Equity Loan ****2352');
  });

  it('states the one-time ACH authorization with the total, account and date', () => {
    expect(
      oneTimeAchAuthorization(
        'Debit {amount} from your {accountType} ending {lastFour} on {date}.',
        {
          totalCents: 2250,
          date: '2026-12-01',
          accountType: 'checking',
          lastFour: '0119',
        },
      ),
    ).toBe('Debit $22.50 from your checking ending 0119 on 12/01/2026.');
  });

  it('states the recurring ACH authorization with each debit, the schedule, the first date and the account', () => {
    expect(
      recurringAchAuthorization(
        'Debit {amount} from your {accountType} ending {lastFour} {frequency}, starting {date}.',
        {
          totalCents: 77594,
          frequencyText: 'monthly on the 15th',
          date: '2026-12-15',
          accountType: 'savings',
          lastFour: '6789',
        },
      ),
    ).toBe('Debit $775.94 from your savings ending 6789 monthly on the 15th, starting 12/15/2026.');
  });
});

describe('which words a one-time ACH debit is authorized under', () => {
  it('made today, scheduled, or a scheduled payoff (the payoff on its date, up to its amount)', () => {
    expect(oneTimeAchAuthorizationTextKey('immediate')).toBe(
      'paymentTexts.todayAchAuthorizationText',
    );
    // A payoff made today is debited as shown: today's words.
    expect(oneTimeAchAuthorizationTextKey('immediate', true)).toBe(
      'paymentTexts.todayAchAuthorizationText',
    );
    expect(oneTimeAchAuthorizationTextKey('scheduled')).toBe(
      'paymentTexts.oneTimeAchAuthorizationText',
    );
    expect(oneTimeAchAuthorizationTextKey('scheduled', true)).toBe(
      'paymentTexts.scheduledPayoffAchAuthorizationText',
    );
  });
});
