import type { CalendarDate } from '@portal/domain';
import type { CorePaymentPosting, CustomerRef, ServicingCore } from '../core/servicing-core';

/**
 * Test support: a bank's core that memo-posts (the core boundary's 'pending', issue 24). It takes
 * each payment during the day and posts what it holds in its own batch (`batch`); until then a
 * post under the same key answers 'pending' again, after it 'alreadyPosted'. `books` keeps the
 * accounts (the built-in core in the tests): this is the outside system's behaviour, not the
 * portal's code.
 */
export function memoPostingCore(books: ServicingCore, today: () => CalendarDate) {
  const held = new Map<
    string,
    { customer: CustomerRef; number: string; posting: CorePaymentPosting }
  >();
  const posted = new Set<string>();
  const core: ServicingCore = {
    ...books,
    async postPayment(customer, number, posting) {
      const key = `${customer.institutionId}|${number}|${posting.postingKey}`;
      if (posted.has(key)) return books.postPayment(customer, number, posting);
      // What it would not take it refuses at once, as the books do (a real core checks what it
      // takes at intake): a bad amount, a day not begun, more than the payoff, not a loan.
      const terms = await books.paymentTerms(customer, number, today());
      const takes =
        Number.isSafeInteger(posting.amountCents) &&
        posting.amountCents > 0 &&
        Number.isSafeInteger(posting.additionalPrincipalCents) &&
        posting.additionalPrincipalCents >= 0 &&
        posting.additionalPrincipalCents <= posting.amountCents &&
        posting.date <= today() &&
        terms !== undefined &&
        posting.amountCents <= terms.payoffTodayCents;
      if (!takes) return books.postPayment(customer, number, posting);
      if (!held.has(key)) held.set(key, { customer, number, posting });
      return { status: 'pending', reference: `memo-${posting.postingKey}` };
    },
  };
  return {
    core,
    held,
    /** The core's batch: posts every payment it holds. */
    async batch(): Promise<void> {
      for (const [key, { customer, number, posting }] of held) {
        const result = await books.postPayment(customer, number, posting);
        if (result.status !== 'posted' && result.status !== 'alreadyPosted') {
          throw new Error(`the batch could not post: ${JSON.stringify(result)}`);
        }
        posted.add(key);
        held.delete(key);
      }
    },
  };
}
