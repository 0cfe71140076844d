import { describe, expect, it } from 'vitest';
import { TEST_DATA_PROTECTOR } from '../../testing/keys';
import { type HandleKind, openPaymentHandle, paymentHandleOf } from './payment-handles';

const ID = '0b0a2c3d-4e5f-8a6b-9c7d-0e1f2a3b4c5d';
const JORDAN = { institutionId: 1, userId: 'user-jordan' };
const KINDS: HandleKind[] = ['scheduled', 'recurring', 'payment'];

describe('payment handles', () => {
  it('open only for the kind they were made for: a returned payment’s handle never opens a deletion', () => {
    for (const made of KINDS) {
      const handle = paymentHandleOf(TEST_DATA_PROTECTOR, made, JORDAN, ID);
      for (const asked of KINDS) {
        expect(openPaymentHandle(TEST_DATA_PROTECTOR, asked, JORDAN, handle)).toBe(
          asked === made ? ID : undefined,
        );
      }
    }
  });

  it('open only for the user and institution they were made for, and not when altered', () => {
    const handle = paymentHandleOf(TEST_DATA_PROTECTOR, 'payment', JORDAN, ID);
    expect(
      openPaymentHandle(TEST_DATA_PROTECTOR, 'payment', { ...JORDAN, userId: 'user-pat' }, handle),
    ).toBeUndefined();
    expect(
      openPaymentHandle(TEST_DATA_PROTECTOR, 'payment', { ...JORDAN, institutionId: 2 }, handle),
    ).toBeUndefined();
    // The prefix says the kind, but the MAC decides: a 'p' handle relabelled 's' does not open.
    expect(
      openPaymentHandle(TEST_DATA_PROTECTOR, 'scheduled', JORDAN, handle.replace(/^p\./, 's.')),
    ).toBeUndefined();
  });
});
