import type { PaymentConfirmation } from '@portal/domain';
import { afterEach, describe, expect, it } from 'vitest';
import {
  clearConfirmation,
  CONFIRMATION_STORAGE_KEY,
  readConfirmation,
  saveConfirmation,
} from './confirmation-store';

const CONFIRMATION: PaymentConfirmation = {
  referenceNumber: 'PMT-20261126-0001',
  payDate: '2026-11-26',
  dueDate: '2026-12-02',
  isRecurringLOCPayingTotalDue: false,
  submissionInfo: {
    accountNumber: '001-100234-1',
    amount: 47160,
    additionalPrincipalAmount: 0,
    fees: { firstParty: 295, thirdParty: 0 },
    frequencyInfo: { frequency: 'OneTime', numDays: 0 },
    method: { IsCard: true, CardInfo: { CardType: 'visa', CardNumber: '4242' } },
  },
};

afterEach(() => {
  clearConfirmation();
  sessionStorage.clear();
});

describe('the confirmation store', () => {
  it('reads back what was saved, from sessionStorage (a reload keeps it)', () => {
    saveConfirmation(CONFIRMATION);
    expect(readConfirmation()).toEqual(CONFIRMATION);
    expect(JSON.parse(sessionStorage.getItem(CONFIRMATION_STORAGE_KEY) ?? 'null')).toEqual(
      CONFIRMATION,
    );
  });

  it('has nothing before a save and after a clear', () => {
    expect(readConfirmation()).toBeUndefined();
    saveConfirmation(CONFIRMATION);
    clearConfirmation();
    expect(readConfirmation()).toBeUndefined();
    expect(sessionStorage.getItem(CONFIRMATION_STORAGE_KEY)).toBeNull();
  });

  it('counts a stored value the schema refuses, or one that is not JSON, as nothing', () => {
    sessionStorage.setItem(CONFIRMATION_STORAGE_KEY, '{"referenceNumber":"x"}');
    expect(readConfirmation()).toBeUndefined();
    sessionStorage.setItem(CONFIRMATION_STORAGE_KEY, 'not json');
    expect(readConfirmation()).toBeUndefined();
  });

  it("counts an earlier build's shape (CardInfo.LastFour, not CardNumber) as nothing", () => {
    const earlier = {
      ...CONFIRMATION,
      submissionInfo: {
        ...CONFIRMATION.submissionInfo,
        method: { IsCard: true, CardInfo: { CardType: 'visa', LastFour: '4242' } },
      },
    };
    sessionStorage.setItem(CONFIRMATION_STORAGE_KEY, JSON.stringify(earlier));
    expect(readConfirmation()).toBeUndefined();
  });

  it('refuses to save a confirmation the schema refuses (a whole card number, say)', () => {
    const withCardNumber = {
      ...CONFIRMATION,
      submissionInfo: {
        ...CONFIRMATION.submissionInfo,
        method: {
          IsCard: true as const,
          CardInfo: { CardType: 'visa' as const, CardNumber: '4242424242424242' },
        },
      },
    };
    expect(() => saveConfirmation(withCardNumber)).toThrow();
    expect(sessionStorage.getItem(CONFIRMATION_STORAGE_KEY)).toBeNull();
  });
});
