import type { CustomerRef } from '../../core/servicing-core';
import type { BorrowersService } from '../borrowers/borrowers.service';
import type { DownloadTokens } from './download-tokens.service';

/**
 * The customer a passable token was issued to (spent by this call), for the calls that open a
 * document in a new window and so cannot send the session header. Undefined when the token is
 * unknown, spent, expired, of another institution or of another signed-in user
 * (`sessionUserId`: who is signed in on the request, if anyone).
 */
export async function customerOfPassableToken(
  holder: { institutionId: number; sessionUserId: string | undefined },
  options: { borrowers: BorrowersService; downloads: DownloadTokens; token: string },
): Promise<CustomerRef | undefined> {
  const { institutionId } = holder;
  const redeemed = await options.downloads.redeem({
    institutionId,
    token: options.token,
    purpose: 'passable',
    sessionUserId: holder.sessionUserId,
  });
  const customer = redeemed && (await options.borrowers.customerOf(institutionId, redeemed.userId));
  return customer ? { institutionId, customerId: customer.customerId } : undefined;
}
