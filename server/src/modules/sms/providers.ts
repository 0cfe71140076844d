import { createHash } from 'node:crypto';
import { usPhoneNumberE164 } from '@portal/domain';

export interface SmsMessage {
  /** E.164. */
  to: string;
  body: string;
  /**
   * The outbox row's dedupe key: a provider that saw it already answers the same message id and
   * sends nothing again (a sender that crashed between sending and marking it sent retries it).
   */
  idempotencyKey: string;
}

/** What a number is, as a carrier lookup tells it: only a mobile number can receive texts. */
export type PhoneLineType = 'mobile' | 'landline' | 'invalid';

/** A send the provider refuses for good (not textable, blocked): the outbox does not retry it. */
export class SmsRefusedError extends Error {
  override readonly name = 'SmsRefusedError';
}

/**
 * Where texts go, beside e-mail's MailTransport. Delivery is at least once on our side; the
 * provider's idempotency key makes it once at the phone.
 */
export interface SmsProvider {
  /** Stored with each sent text ('builtin', a vendor's name). */
  readonly name: string;
  lineType(phoneNumber: string): Promise<PhoneLineType>;
  /** The provider's message id; throws SmsRefusedError for good, any other error to retry. */
  send(message: SmsMessage): Promise<{ providerMessageId: string }>;
}

/**
 * The demo's landlines: numbers whose last two digits are 00 (207-555-0100, 303-555-0200). Demo
 * users' phones (555-01xx, never ending in 00) are mobiles.
 */
export function isBuiltinLandline(e164: string): boolean {
  return e164.endsWith('00');
}

/**
 * The built-in provider: nothing leaves the machine, and the demo phone (/demo/phone) shows what
 * was sent. It behaves as a real one does: a number must be a valid US number and a mobile
 * (isBuiltinLandline), and a message id is a function of the idempotency key, so the same text
 * handed over twice is one text.
 */
export function createBuiltinSmsProvider(): SmsProvider {
  function lineTypeOf(phoneNumber: string): PhoneLineType {
    const e164 = usPhoneNumberE164(phoneNumber);
    if (!e164) return 'invalid';
    return isBuiltinLandline(e164) ? 'landline' : 'mobile';
  }
  return {
    name: 'builtin',
    lineType: async (phoneNumber) => lineTypeOf(phoneNumber),
    async send(message) {
      if (lineTypeOf(message.to) !== 'mobile') {
        throw new SmsRefusedError('This is not a textable phone number');
      }
      const digest = createHash('sha256').update(message.idempotencyKey).digest('hex');
      return { providerMessageId: `SM${digest.slice(0, 32)}` };
    },
  };
}
