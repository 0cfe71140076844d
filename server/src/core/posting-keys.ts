/**
 * The keys the portal posts a payment under in the servicing core (`ServicingCore.postPayment`).
 * A payment is posted under its id. A card refund the processor refused for good was undone by
 * posting the payment again (payments-staff.ts `refund`): each such re-post has a key of its own,
 * `<payment id>:reposted:<n>`, because the core answers a key once for all time. Whoever reads
 * the core's postings back (the reconciliation) finds the payment through `paymentIdOfPostingKey`.
 */
const REPOSTED = ':reposted:';

/** The key of the payment's live posting after `refusals` refused refunds (0: its id). */
export function corePostingKey(paymentId: string, refusals: number): string {
  return refusals === 0 ? paymentId : `${paymentId}${REPOSTED}${refusals}`;
}

/** The payment a posting key belongs to: the key itself for a first posting. */
export function paymentIdOfPostingKey(postingKey: string): string {
  const at = postingKey.indexOf(REPOSTED);
  return at === -1 ? postingKey : postingKey.slice(0, at);
}

/** How many refused refunds came before the posting under this key (0 for a first posting). */
export function repostNumberOf(postingKey: string): number {
  const at = postingKey.indexOf(REPOSTED);
  return at === -1 ? 0 : Number(postingKey.slice(at + REPOSTED.length)) || 0;
}

/**
 * The key of the core's reversal that takes the payment's live posting off the loan for a refund
 * (after `refusals` refused ones): each attempt reverses its own posting under its own key.
 */
export function refundReversalKey(paymentId: string, refusals: number): string {
  return refusals === 0 ? `refund:${paymentId}` : `refund:${paymentId}:${refusals}`;
}
