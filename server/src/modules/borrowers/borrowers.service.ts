import { isSamePhoneNumber, type CalendarDate } from '@portal/domain';
import type { Kysely } from 'kysely';
import type { CustomerRow, Database } from '../../db/schema';
import { revokeDeviceTokensOf, useUserTokensOf } from './codes.repository';
import {
  customerHasUser,
  findBorrowerById,
  findBorrowerByUsername,
  findBorrowersByEmail,
  findCustomersBySsnIndex,
  insertAgreementLogs,
  insertPasswordHistory,
  insertUser,
  listAgreementAcceptances,
  listPasswordHistory,
  listUsernames,
  trimPasswordHistory,
  updateCustomerContact,
  updateCustomerPersonalInfo,
  updateLastLogin,
  updatePhoneOptInToTexting,
  findTextingCustomersEndingWith,
  clearPhoneOptInToTexting,
  updatePasswordHash,
  updateSecretQuestion,
  updateUserFlags,
  updateUsername,
  usernameTaken,
  type AgreementRecord,
  type BorrowerRow,
  type NewOnlineUser as NewUserRow,
} from './users.repository';

/**
 * A borrower as the other modules see it: the online user and the customer it belongs to. Its
 * fields keep their column names because the sign-in answer (auth.routes) reads them so.
 */
export type Borrower = BorrowerRow;

/** The customer (account holder) an online user belongs to. */
export interface BorrowerCustomer {
  customerId: string;
  companyNumber: number;
}

/** One agreement the borrower accepted, with the calendar date it was accepted on. */
export interface AgreementAcceptance {
  /** The agreement's host number (AgreementType). */
  hostNum: number;
  name: string;
  dateOfTerms: string;
  acceptedAt: Date;
  /** The date of acceptedAt in the time zone asked for. */
  acceptedOn: CalendarDate;
}

/** An agreement accepted now, as recorded (spec 000 "agreement logs"). */
export type AcceptedAgreement = AgreementRecord;

/** A new online user for an account holder, as registration creates it. */
export interface NewOnlineUser extends NewUserRow {
  /** The holder's contact details as typed at registration (they replace the stored ones). */
  contact: { email: string; phone?: string };
}

/** The borrower's number texts may go to (see `BorrowersService.textingNumber`), or null. */
export function textingNumberOf(
  borrower: Pick<Borrower, 'phone' | 'phone_opt_in_texting'>,
): string | null {
  return borrower.phone_opt_in_texting && borrower.phone.trim() !== '' ? borrower.phone : null;
}

/**
 * The borrowers module: online users, the customers they belong to, their passwords, secret
 * questions and agreement records. Every method works through the `db` it was created with:
 * inside a transaction, create it with the transaction.
 */
export interface BorrowersService {
  findBorrowerById(institutionId: number, userId: string): Promise<Borrower | undefined>;
  /**
   * The borrower a user name signs in as (case-insensitive). Never the admin preview's sample
   * borrower: it signs in only through a preview token.
   */
  findBorrowerSigningIn(institutionId: number, username: string): Promise<Borrower | undefined>;
  /** The borrowers an e-mail address (case-insensitive) may recover; never the preview sample. */
  findBorrowersToRecover(institutionId: number, email: string): Promise<Borrower[]>;
  customerOf(institutionId: number, userId: string): Promise<BorrowerCustomer | undefined>;
  /** The user names that may sign in, for the demo identity provider's page. */
  signInNames(institutionId: number): Promise<string[]>;

  /** Account holders with this SSN (by its blind index), for registration to match. */
  accountHoldersWithSsn(institutionId: number, ssnBlindIndex: string): Promise<CustomerRow[]>;
  customerHasOnlineUser(customerId: string): Promise<boolean>;
  isUsernameTaken(institutionId: number, username: string): Promise<boolean>;
  /**
   * Creates the online user of an account holder: the user, its first password remembered in
   * the history, the holder's contact details as given. Answers the new user's id.
   */
  registerOnlineUser(user: NewOnlineUser): Promise<string>;
  /**
   * Activates a user the institution created: its first password (remembered in the history),
   * and its e-mail address verified, since the activation link reached that mailbox.
   */
  activateOnlineUser(userId: string, password: { passwordHash: string; at: Date }): Promise<void>;

  /** A sign-in happened: the last sign-in's time and address, and a rehashed password if any. */
  recordSignIn(
    userId: string,
    signIn: { at: Date; ip: string; rehashedPassword?: string | undefined },
  ): Promise<void>;
  /** The hashes of the user's latest `count` previous passwords, newest first. */
  previousPasswordHashes(userId: string, count: number): Promise<string[]>;
  /**
   * A new password: the current one joins the history (kept to `remembered` entries), the other
   * change and reset links are spent, and what stood in for the old password stops working
   * (biometric tokens revoked, trusted devices forgotten).
   */
  changePassword(
    borrower: Pick<Borrower, 'id' | 'password_hash'>,
    change: { passwordHash: string; at: Date; remembered: number },
  ): Promise<void>;
  setSecretQuestion(
    userId: string,
    question: { question: string; answerHash: string },
  ): Promise<void>;
  markEmailVerified(userId: string): Promise<void>;
  /** A new login name; throws the unique violation (23505) when another user took it first. */
  changeUsername(userId: string, username: string): Promise<void>;
  /** A new e-mail address, verified (its link was opened). */
  changeVerifiedEmail(borrower: Pick<Borrower, 'id' | 'customer_id'>, email: string): Promise<void>;
  /**
   * The one number texts may go to: the phone on file while the borrower has it opted in to
   * texting, as stored; null otherwise. The opt-in is granted by the text subscription call
   * (`optPhoneInToTexting`) only; the profile's personal info may withdraw it, and a new number
   * is saved not opted in.
   */
  textingNumber(institutionId: number, userId: string): Promise<string | null>;
  /**
   * Opts the phone on file in to texting (the text subscription call, after the borrower chose
   * a programme for it), only while the phone on file is still `phone`; false when it is not.
   */
  optPhoneInToTexting(customerId: string, phone: string): Promise<boolean>;
  /**
   * Withdraws the texting opt-in of every customer of the institution opted in at this number
   * (a STOP texted from it), so the profile says what the number now gets: nothing.
   */
  withdrawTextingOptIn(institutionId: number, phone: string): Promise<void>;
  /** The profile's address (undefined keeps it) and its one phone. */
  savePersonalInfo(
    customerId: string,
    info: {
      address?: { address1: string; city: string; state: string; zip: string } | undefined;
      phone: { number: string; primary: boolean; optInToTexting: boolean };
    },
  ): Promise<void>;
  /** Stops the user's e-mail notifications (the opt-out link). */
  optOutOfEmail(userId: string): Promise<void>;
  /** Lets e-mail communication reach the user again (an e-communication agreement re-accepted). */
  liftEmailRestriction(userId: string): Promise<void>;

  /** The agreements the user accepted, oldest first, dated in `timeZone`. */
  agreementAcceptances(
    institutionId: number,
    userId: string,
    timeZone: string,
  ): Promise<AgreementAcceptance[]>;
  recordAgreements(agreements: readonly AcceptedAgreement[]): Promise<void>;
}

export function createBorrowersService(options: { db: Kysely<Database> }): BorrowersService {
  const { db } = options;

  return {
    findBorrowerById: (institutionId, userId) => findBorrowerById(db, institutionId, userId),
    findBorrowerSigningIn: (institutionId, username) =>
      findBorrowerByUsername(db, institutionId, username),
    findBorrowersToRecover: (institutionId, email) =>
      findBorrowersByEmail(db, institutionId, email),

    async customerOf(institutionId, userId) {
      const borrower = await findBorrowerById(db, institutionId, userId);
      return borrower
        ? { customerId: borrower.customer_id, companyNumber: borrower.company_number }
        : undefined;
    },

    signInNames: (institutionId) => listUsernames(db, institutionId),

    accountHoldersWithSsn: (institutionId, ssnBlindIndex) =>
      findCustomersBySsnIndex(db, institutionId, ssnBlindIndex),
    customerHasOnlineUser: (customerId) => customerHasUser(db, customerId),
    isUsernameTaken: (institutionId, username) => usernameTaken(db, institutionId, username),

    async registerOnlineUser({ contact, ...user }) {
      const userId = await insertUser(db, user);
      await insertPasswordHistory(db, { userId, passwordHash: user.passwordHash, at: user.at });
      await updateCustomerContact(db, user.customerId, contact);
      return userId;
    },

    async activateOnlineUser(userId, { passwordHash, at }) {
      await updatePasswordHash(db, userId, { passwordHash, at, changed: true });
      await insertPasswordHistory(db, { userId, passwordHash, at });
      await updateUserFlags(db, userId, { emailVerified: true });
    },

    async recordSignIn(userId, { at, ip, rehashedPassword }) {
      if (rehashedPassword) {
        await updatePasswordHash(db, userId, {
          passwordHash: rehashedPassword,
          at,
          changed: false,
        });
      }
      await updateLastLogin(db, userId, at, ip);
    },

    previousPasswordHashes: (userId, count) => listPasswordHistory(db, userId, count),

    async changePassword(borrower, { passwordHash, at, remembered }) {
      if (borrower.password_hash !== null) {
        await insertPasswordHistory(db, {
          userId: borrower.id,
          passwordHash: borrower.password_hash,
          at,
        });
        await trimPasswordHistory(db, borrower.id, remembered);
      }
      await updatePasswordHash(db, borrower.id, { passwordHash, at, changed: true });
      await useUserTokensOf(db, borrower.id, ['changePassword', 'resetPassword'], at);
      await revokeDeviceTokensOf(db, borrower.id, at);
    },

    setSecretQuestion: (userId, question) => updateSecretQuestion(db, userId, question),
    markEmailVerified: (userId) => updateUserFlags(db, userId, { emailVerified: true }),
    changeUsername: (userId, username) => updateUsername(db, userId, username),
    async changeVerifiedEmail(borrower, email) {
      await updateCustomerContact(db, borrower.customer_id, { email });
      await updateUserFlags(db, borrower.id, { emailVerified: true });
    },
    async textingNumber(institutionId, userId) {
      const borrower = await findBorrowerById(db, institutionId, userId);
      return borrower ? textingNumberOf(borrower) : null;
    },
    optPhoneInToTexting: (customerId, phone) => updatePhoneOptInToTexting(db, customerId, phone),
    async withdrawTextingOptIn(institutionId, phone) {
      const digits = phone.replace(/\D/g, '');
      if (digits.length < 10) return;
      // Numbers are kept as typed: narrowed in SQL by their last digits, matched as numbers here.
      const candidates = await findTextingCustomersEndingWith(db, institutionId, digits.slice(-4));
      await clearPhoneOptInToTexting(
        db,
        candidates.filter((row) => isSamePhoneNumber(row.phone, phone)).map((row) => row.id),
      );
    },
    savePersonalInfo: (customerId, info) => updateCustomerPersonalInfo(db, customerId, info),
    optOutOfEmail: (userId) => updateUserFlags(db, userId, { emailOptOut: true }),
    liftEmailRestriction: (userId) =>
      updateUserFlags(db, userId, { emailCommunicationRestricted: false }),

    async agreementAcceptances(institutionId, userId, timeZone) {
      const rows = await listAgreementAcceptances(db, institutionId, userId, timeZone);
      return rows.map((row) => ({
        hostNum: row.agreement_type,
        name: row.name_of_terms,
        dateOfTerms: row.date_of_terms,
        acceptedAt: row.date_of_agreement,
        acceptedOn: row.accepted_on,
      }));
    },

    recordAgreements: (agreements) => insertAgreementLogs(db, agreements),
  };
}
