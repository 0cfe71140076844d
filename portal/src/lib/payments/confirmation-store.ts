import { PaymentConfirmation } from '@portal/domain';

/**
 * The confirmation of the payment just made (spec 001 section 4 "Submit": the payment screen goes
 * to myaccount/paymentConfirm with it). It is kept in this tab's sessionStorage so that a reload
 * of the confirmation page still shows it ("paymentConfirm loads the payment data first"); it
 * holds no card number or security code, only the last four digits the confirmation shows.
 * Reading parses it back with the domain schema: anything else counts as nothing stored.
 */
export const CONFIRMATION_STORAGE_KEY = 'portal.paymentConfirmation';

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    // Storage can be switched off (a privacy mode): the confirmation then lives in memory only.
    return undefined;
  }
}

let inMemory: PaymentConfirmation | undefined;

export function saveConfirmation(confirmation: PaymentConfirmation): void {
  const parsed = PaymentConfirmation.parse(confirmation);
  inMemory = parsed;
  try {
    storage()?.setItem(CONFIRMATION_STORAGE_KEY, JSON.stringify(parsed));
  } catch {
    // A full or refused storage keeps the in-memory copy; only a reload loses it.
  }
}

export function readConfirmation(): PaymentConfirmation | undefined {
  let text: string | null | undefined;
  try {
    text = storage()?.getItem(CONFIRMATION_STORAGE_KEY);
  } catch {
    text = undefined;
  }
  if (text === null || text === undefined) return inMemory;
  try {
    const parsed = PaymentConfirmation.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Forgets the confirmation. The confirmation page calls it when it is left inside the portal
 * (Back to Dashboard, a menu link, a sign-out), so that a later user of the same tab never sees
 * it; a reload does not leave the page that way and keeps it.
 */
export function clearConfirmation(): void {
  inMemory = undefined;
  try {
    storage()?.removeItem(CONFIRMATION_STORAGE_KEY);
  } catch {
    // Nothing to do: the storage is unavailable.
  }
}
