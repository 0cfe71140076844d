import {
  accountCategory,
  calendarDateIn,
  CONTACT_CHANGE_ERROR_CODES,
  contactChangePhoneText,
  contactChangeRequestIssues,
  maskAccountNumber,
  sanitizeAddressText,
  type ContactChangeAddress,
  type ContactChangeErrorCode,
  type ManualChangeContactInfoRequest,
} from '@portal/domain';
import type { ServicingCore } from '../../core/servicing-core';
import type { SignedInCaller } from '../../lib/caller';
import type { Clock } from '../../lib/clock';
import type { BorrowersService } from '../borrowers/borrowers.service';
import type { InstitutionsService } from '../institutions/institutions.service';
import type { WorkQueueService } from '../work-queue/work-queue.service';

/**
 * The contact-info change request (spec 002 "Contact-info change form"; issue 22): where the
 * institution forces manual contact-info changes (`profileOptions.forceManualCifChangesOption`,
 * which also makes the profile's address and phone read-only), the borrower asks staff to change
 * the address or phone of chosen loan accounts, and the request becomes a 'contactChange' item of
 * the work queue. Decisions where the spec is silent:
 *
 * - The request is checked with the domain's rules (profile/contact-change.ts: the profile's
 *   address and phone rules, no PO box in the new address); street and city are sanitised as the
 *   profile's are. No change is made to the profile or the core: staff make it.
 * - The accounts must be the caller's loans or lines of credit as the account list shows them
 *   (hidden ones left out, closed ones in: "all loan accounts"); any other number refuses the
 *   whole request (AccountNotFound), so a borrower cannot name someone else's loan.
 * - UserName and FirstName are the session's, whatever the body says. The item's summary names
 *   the loans masked (****2352); its details hold them in full, since staff act on them.
 * - Without the option the call answers NotOffered: the borrower changes the profile instead.
 */
export interface ContactChangeDeps {
  clock: Clock;
  core: Pick<ServicingCore, 'listAccounts'>;
  institutions: Pick<InstitutionsService, 'settings'>;
  borrowers: Pick<BorrowersService, 'findBorrowerById'>;
  workQueue: Pick<WorkQueueService, 'submit'>;
}

export type ContactChangeOutcome =
  { ok: true; requestId: string } | { ok: false; codes: ContactChangeErrorCode[] };

export type ContactChangeCaller = Pick<
  SignedInCaller,
  'institutionId' | 'timeZone' | 'userId' | 'customerId' | 'email'
>;

/** The address as typed, sanitised as the profile's is, before it is checked. */
function cleanAddress(address: ContactChangeAddress): ContactChangeAddress {
  return {
    Address1: sanitizeAddressText(address.Address1).trim(),
    Address2: sanitizeAddressText(address.Address2 ?? '').trim(),
    City: sanitizeAddressText(address.City).trim(),
    State: address.State.trim().toUpperCase(),
    ZipCode: address.ZipCode.trim(),
  };
}

/** How the item's details keep an address. */
function addressDetails(address: ContactChangeAddress) {
  return {
    address1: address.Address1,
    address2: address.Address2 ?? '',
    city: address.City,
    state: address.State,
    zipCode: address.ZipCode,
  };
}

function changeWords(request: ManualChangeContactInfoRequest): string {
  const address = Boolean(request.OldAddress || request.NewAddress);
  const phone = Boolean(request.PhoneNumber1);
  if (address && phone) return 'Address and phone change';
  return address ? 'Address change' : 'Phone change';
}

export function createContactChangeService(deps: ContactChangeDeps) {
  return {
    async request(
      caller: ContactChangeCaller,
      body: ManualChangeContactInfoRequest,
    ): Promise<ContactChangeOutcome> {
      const settings = await deps.institutions.settings(caller.institutionId);
      if (!settings.get('profileOptions.forceManualCifChangesOption')) {
        return { ok: false, codes: [CONTACT_CHANGE_ERROR_CODES.notOffered] };
      }
      const oldAddress = body.OldAddress ? cleanAddress(body.OldAddress) : null;
      const newAddress = body.NewAddress ? cleanAddress(body.NewAddress) : null;
      const codes = contactChangeRequestIssues({
        AccountNumbers: body.AccountNumbers,
        OldAddress: oldAddress,
        NewAddress: newAddress,
        PhoneNumber1: body.PhoneNumber1,
      });
      if (codes.length > 0) return { ok: false, codes };

      const chosen = [...new Set(body.AccountNumbers.map((number) => number.trim()))].filter(
        (number) => number !== '',
      );
      const today = calendarDateIn(caller.timeZone, deps.clock.now());
      const accounts = await deps.core.listAccounts(
        { institutionId: caller.institutionId, customerId: caller.customerId },
        today,
      );
      const loans = new Set(
        accounts
          .filter((account) => {
            const category = accountCategory(account.type);
            return !account.hiddenFromWeb && (category === 'loan' || category === 'lineOfCredit');
          })
          .map((account) => account.number),
      );
      if (!chosen.every((number) => loans.has(number))) {
        return { ok: false, codes: [CONTACT_CHANGE_ERROR_CODES.accountNotFound] };
      }

      const borrower = await deps.borrowers.findBorrowerById(caller.institutionId, caller.userId);
      const name = borrower?.personal_name || borrower?.username || caller.email;
      const requestId = await deps.workQueue.submit({
        institutionId: caller.institutionId,
        kind: 'contactChange',
        userId: caller.userId,
        senderName: name,
        senderEmail: borrower?.email ?? caller.email,
        summary: `${changeWords(body)} for ${chosen.map(maskAccountNumber).join(', ')}`,
        details: {
          userName: borrower?.username ?? '',
          firstName: borrower?.first_name ?? '',
          accounts: chosen,
          oldAddress: oldAddress && addressDetails(oldAddress),
          newAddress: newAddress && addressDetails(newAddress),
          phone: body.PhoneNumber1
            ? {
                oldPhoneNumber: contactChangePhoneText(body.PhoneNumber1.OldPhoneNumber),
                newPhoneNumber: contactChangePhoneText(body.PhoneNumber1.NewPhoneNumber),
              }
            : null,
        },
      });
      return { ok: true, requestId };
    },
  };
}

export type ContactChangeService = ReturnType<typeof createContactChangeService>;
