import { usPhoneNumberE164 } from '@portal/domain';

/**
 * The `tel:` address of a branch's phone number as staff wrote it: a US number in its E.164
 * form, an international one (+ and its digits) as its digits; undefined for anything else (a
 * local number without its area code, a word), which is shown without a link.
 */
export function phoneHref(phoneNumber: string): string | undefined {
  const e164 = usPhoneNumberE164(phoneNumber);
  if (e164) return `tel:${e164}`;
  const international = /^\+[\d\s().-]{7,}$/.test(phoneNumber.trim());
  return international ? `tel:+${phoneNumber.replace(/\D/g, '')}` : undefined;
}
