import {
  anyTextAlertOn,
  isSamePhoneNumber,
  phoneDigitsOf,
  phoneIssue,
  profileAddressIssues,
  sanitizeAddressText,
  withoutTextAlerts,
  type PostalAddress,
  type ProfileErrorCode,
  type ProfilePersonalInfo,
  type UpdatePersonalInfoRequest,
} from '@portal/domain';
import { createBorrowersService, textingNumberOf } from '../borrowers/borrowers.service';
import {
  personalInfoHidden,
  personalInfoOf,
  storedPreferencesOf,
  type ProfileReader,
} from './profile-data';
import { replaceStoredPreferences } from './profile.repository';
import {
  refused,
  type ProfileCaller,
  type ProfileDeps,
  type ProfileOutcome,
} from './profile-types';

/** The address as typed, sanitised as the loan's is (the same rule, postal-address.ts). */
function cleanAddress(typed: PostalAddress): PostalAddress {
  return {
    Address1: sanitizeAddressText(typed.Address1).trim(),
    City: sanitizeAddressText(typed.City).trim(),
    State: typed.State.trim().toUpperCase(),
    ZipCode: typed.ZipCode.trim(),
  };
}

/**
 * `POST /api/Profile/UpdatePersonalInfo` (spec 002 sections 5 and 8): the address (null keeps the
 * saved one) with the loan address's limits, no PO box (ContainsPOBox) and a city of its ZIP code
 * (ZipCityNoMatch, the loan address's check on the bundled ZIP data); the one phone of 10 digits
 * with its primary flag and texting opt-in. The opt-in is granted by the text subscription call
 * only (ModifySubscriptions, an option turned on): here it may be withdrawn, never granted. A
 * true for a phone not opted in keeps it not opted in, silently (spec 002 section 8 names no
 * error for it, and the portal posts true after the subscription call has granted it); a new
 * number is saved not opted in, since nobody agreed to texts at it. Withdrawing the opt-in, or
 * losing it with a new number, turns the text alerts off (spec 002 section 4). Refused where the
 * section is not the borrower's to edit: contact changes go through staff
 * (profileOptions.forceManualCifChangesOption), or the section is hidden.
 */
export function createPersonalInfoUpdate(deps: ProfileDeps, reader: ProfileReader) {
  const { db, clock } = deps;

  return async function updatePersonalInfo(
    caller: ProfileCaller,
    request: UpdatePersonalInfoRequest,
  ): Promise<ProfileOutcome<ProfilePersonalInfo>> {
    const [settings, borrower] = await Promise.all([
      deps.institutions.settings(caller.institutionId),
      reader.borrowerOf(caller),
    ]);
    if (!borrower) return { ok: false, codes: ['Unauthorized'], value: null, signedOut: true };
    const saved = personalInfoOf(borrower);
    if (
      settings.get('profileOptions.forceManualCifChangesOption') ||
      personalInfoHidden(settings, borrower.company_number)
    ) {
      return refused(['Error'], saved);
    }

    const codes = new Set<ProfileErrorCode>();
    const address = request.Address ? cleanAddress(request.Address) : undefined;
    if (address) {
      const issues = Object.values(profileAddressIssues(address));
      if (issues.includes('containsPoBox')) codes.add('ContainsPOBox');
      if (issues.some((issue) => issue !== 'containsPoBox')) codes.add('CorrectErrors');
      if (
        issues.length === 0 &&
        !deps.zips.cityMatches(address.ZipCode, address.City, address.State)
      ) {
        codes.add('ZipCityNoMatch');
      }
    }
    const [phone] = request.PhoneNumbers;
    if (request.PhoneNumbers.length !== 1 || !phone || phoneIssue(phone.PhoneNumber)) {
      codes.add('CorrectErrors');
    }
    const texting = settings.get('notificationOptions.allowTextMessagesOption');
    if (phone?.OptInToTexting && !texting) codes.add('Invalid');
    if (codes.size > 0 || !phone) return refused([...codes], saved);

    const number = phoneDigitsOf(phone.PhoneNumber);
    const optedIn = textingNumberOf(borrower);
    const optInToTexting =
      phone.OptInToTexting && optedIn !== null && isSamePhoneNumber(optedIn, number);
    const now = clock.now();
    // Read before the transaction: PGlite has one connection, which the transaction holds.
    const preferences = optInToTexting ? undefined : await reader.preferences(caller.userId);
    await db.transaction().execute(async (trx) => {
      await createBorrowersService({ db: trx }).savePersonalInfo(borrower.customer_id, {
        address: address && {
          address1: address.Address1,
          city: address.City,
          state: address.State,
          zip: address.ZipCode,
        },
        phone: { number, primary: phone.Primary, optInToTexting },
      });
      if (preferences && anyTextAlertOn(preferences)) {
        await replaceStoredPreferences(
          trx,
          caller.userId,
          storedPreferencesOf(withoutTextAlerts(preferences)),
          now,
        );
      }
    });
    const after = await reader.borrowerOf(caller);
    return { ok: true, value: personalInfoOf(after ?? borrower) };
  };
}
