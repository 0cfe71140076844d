import { randomBytes } from 'node:crypto';
import { WHEN_TO_AGREE_CODES } from '@portal/domain';
import {
  AGREEMENT_HOST_NUMBER_BASE,
  createSettingsAccessor,
  validateInstitutionConfig,
} from '@portal/settings-schema';
import type { Kysely } from 'kysely';
import { calendarDateIn } from '@portal/domain';
import { systemClock, type Clock } from '../lib/clock';
import type { DataProtector } from '../lib/data-protection';
import { hashPassword as argon2Hash } from '../lib/passwords';
import type { Database } from '../db/schema';
import {
  DEMO_PORTAL_ORIGIN,
  insertDemoAccountHolder,
  seedAccountFlowDemo,
  SUMMIT_REGISTRATION_HOLDER,
} from './account-holders.demo';
import { DEMO_SEED_PUBLISHER } from './demo-seed-guard';
import {
  hasInstitutions,
  insertAgreementLog,
  insertCustomer,
  insertDemoInstitution,
  insertInstitutionSecret,
  insertLoginHistory,
  insertUser,
  lockSeeding,
} from './demo-seed.repository';
import { DEMO_PAYMENTS_USERNAME, seedPaymentsDemo } from './payments.demo';
import { seedStaffDemo } from './staff.demo';
import { openDemoAccount, openDemoApplications } from '../core/builtin/core-seed';
import { seedApplicationDocuments, seedLoanDocuments } from './demo-documents';
import { DEMO_ACCOUNTS, DEMO_APPLICATIONS, demoAccountNumber } from './demo-accounts';
import { demoAddress } from './demo-users';
import {
  CEDAR_SSO_SECRET_NAME,
  DEMO_INSTITUTIONS,
  HARBOR_AGREEMENT_DATE,
  type DemoInstitution,
} from './demo-institutions';
import { DEMO_PASSWORD, DEMO_SECRET_ANSWER, DEMO_SECRET_QUESTION, demoUsersOf } from './demo-users';
import type { CoreTables } from '../core/builtin/core.schema';
import { createBranchesService } from '../modules/branches/branches.service';
import { DEMO_BRANCHES } from './demo-branches';

/** The previous sign-in's browser (Safari on an iPhone), as a borrower's phone sends it. */
const DEMO_PREVIOUS_SIGN_IN_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1';

export interface SeedOptions {
  /** "Today" of the seed: due dates and previous sign-ins are relative to it. */
  clock?: Clock;
  hashPassword?: (password: string) => Promise<string>;
  /** Encrypts the SSNs and the single sign-on secret with the server's data key. */
  dataProtector: DataProtector;
  /**
   * Harbor's address for the links of the seeded activation e-mail (the server's port:
   * `http://localhost:3000` by default, `PORT` otherwise).
   */
  portalOrigin?: string;
}

export interface SeedOutcome {
  /** False when the database already had an institution (nothing was written). */
  seeded: boolean;
}

/** Fails loudly: a demo that starts with a configuration the admin app would reject is a bug. */
export function assertValidDemoSettings(institutions: readonly DemoInstitution[]): void {
  for (const institution of institutions) {
    const { valid, errors } = validateInstitutionConfig(institution.settings);
    if (!valid) {
      const lines = errors.map((error) => `  ${error.key}: ${error.message}`).join('\n');
      throw new Error(`Demo settings of "${institution.slug}" are invalid:\n${lines}`);
    }
  }
}

export { hasInstitutions };

/**
 * Seeds the demo institutions, their published settings (version 1) and their borrowers
 * (demo-users.ts) into a database without institutions. Running it again, or on a database with
 * real institutions, writes nothing.
 */
export async function seedDemoData(
  db: Kysely<Database>,
  options: SeedOptions,
): Promise<SeedOutcome> {
  if (await hasInstitutions(db)) return { seeded: false };
  assertValidDemoSettings(DEMO_INSTITUTIONS);
  const clock = options.clock ?? systemClock;
  const hash = options.hashPassword ?? argon2Hash;
  const protector = options.dataProtector;
  const now = clock.now();

  // Hashing is slow by design: do it before the transaction, in parallel.
  const hashes = new Map<string, { password: string; answer: string }>();
  await Promise.all(
    DEMO_INSTITUTIONS.flatMap((institution) =>
      demoUsersOf(institution.slug).map(async (user) => {
        const [password, answer] = await Promise.all([
          hash(DEMO_PASSWORD),
          // Secret answers are compared case-insensitively: the lower-cased answer is hashed.
          hash(DEMO_SECRET_ANSWER.toLowerCase()),
        ]);
        hashes.set(`${institution.slug}/${user.username}`, { password, answer });
      }),
    ),
  );

  return db.transaction().execute(async (trx) => {
    await lockSeeding(trx);
    if (await hasInstitutions(trx)) return { seeded: false };

    for (const institution of DEMO_INSTITUTIONS) {
      const institutionId = await insertDemoInstitution(trx, {
        slug: institution.slug,
        name: institution.name,
        cdnFolder: institution.cdnFolder,
        timeZone: institution.timeZone,
        isDefault: institution.isDefault,
        hosts: institution.hosts,
        settingsJson: JSON.stringify(institution.settings),
        // Marks the database as seeded in demo mode (demo-seed-guard.ts).
        publishedBy: DEMO_SEED_PUBLISHER,
        now,
      });

      if (institution.slug === 'cedar') {
        // The demo identity provider (/demo/idp) signs with this secret; a real one is set by staff.
        await insertInstitutionSecret(trx, {
          institutionId,
          name: CEDAR_SSO_SECRET_NAME,
          secretEncrypted: protector.encrypt(randomBytes(32).toString('base64url')),
          now,
        });
      }

      const seedDay = calendarDateIn(institution.timeZone, now);
      const institutionSettings = createSettingsAccessor({
        shared: institution.settings.shared ?? {},
        english: institution.settings.english ?? {},
      });
      for (const user of demoUsersOf(institution.slug)) {
        const secrets = hashes.get(`${institution.slug}/${user.username}`);
        if (!secrets) throw new Error(`No password hash for ${user.username}`);
        const lastLoginAt = new Date(now.getTime() - user.lastLoginDaysAgo * 86_400_000);
        const customerId = await insertCustomer(trx, {
          institution_id: institutionId,
          first_name: user.firstName,
          last_name: user.lastName,
          personal_name: user.personalName,
          email: user.email,
          ssn_encrypted: protector.encrypt(user.ssn),
          ssn_blind_index: protector.blindIndex(user.ssn),
          date_of_birth: user.dateOfBirth,
          zip: user.zip,
          // The profile's address: the one the demo loans are mailed to.
          address1: demoAddress(user.zip).address1,
          city: demoAddress(user.zip).city,
          state: demoAddress(user.zip).state,
          phone: user.phone,
          company_number: user.companyNumber,
          servicing_branch: institution.branch,
          created_at: now,
        });
        const userId = await insertUser(trx, {
          institution_id: institutionId,
          customer_id: customerId,
          username: user.username,
          password_hash: secrets.password,
          email_verified: true,
          must_change_password: user.mustChangePassword ?? false,
          password_question: DEMO_SECRET_QUESTION,
          password_answer_hash: secrets.answer,
          last_login_at: lastLoginAt,
          last_login_ip: user.lastLoginIp,
          password_changed_at: lastLoginAt,
          created_at: now,
        });
        await insertLoginHistory(trx, {
          institution_id: institutionId,
          user_id: userId,
          username_attempted: user.username,
          ip: user.lastLoginIp,
          success: true,
          reason: '',
          // The login history names the browser and device of each sign-in.
          user_agent: DEMO_PREVIOUS_SIGN_IN_AGENT,
          created_at: lastLoginAt,
        });
        if (institution.slug === 'harbor' && !user.agreementsPending) {
          // Accepted when they last signed in, after the agreement's date.
          await insertAgreementLog(trx, {
            institution_id: institutionId,
            user_id: userId,
            name_of_terms: 'Online Banking Agreement',
            ip_address: user.lastLoginIp,
            date_of_agreement: lastLoginAt,
            date_of_terms: HARBOR_AGREEMENT_DATE,
            agreement_type: AGREEMENT_HOST_NUMBER_BASE,
            when_to_agree: WHEN_TO_AGREE_CODES.login,
          });
        }
        // Paperless statements were agreed to with the E-Sign disclosure (the second agreement),
        // also by a user whose sign-in agreement is pending (avery.stone): that one is new.
        if (institution.slug === 'harbor') {
          const paperless = (DEMO_ACCOUNTS[user.username] ?? []).some(
            (account) => account.statementPreference === 'ElectronicOnly',
          );
          if (paperless) {
            await insertAgreementLog(trx, {
              institution_id: institutionId,
              user_id: userId,
              name_of_terms: 'E-Sign Disclosure',
              ip_address: user.lastLoginIp,
              date_of_agreement: lastLoginAt,
              date_of_terms: HARBOR_AGREEMENT_DATE,
              agreement_type: AGREEMENT_HOST_NUMBER_BASE + 1,
              when_to_agree: WHEN_TO_AGREE_CODES.estatements,
            });
          }
        }
        // The built-in core's accounts, run from their opening to the seed day.
        for (const account of DEMO_ACCOUNTS[user.username] ?? []) {
          await openDemoAccount(
            trx.withTables<CoreTables>(),
            {
              institutionId,
              customerId,
              number: demoAccountNumber(account.branch ?? institution.branch, account.account),
              nameOnAccount: user.personalName,
              address: demoAddress(user.zip),
              today: seedDay,
              now,
            },
            account,
          );
          if (account.kind === 'loan') {
            await seedLoanDocuments(
              trx,
              {
                institutionId,
                institutionName: institution.name,
                primaryColor: institutionSettings.get('themeOptions.primaryColor'),
                customerId,
                number: demoAccountNumber(account.branch ?? institution.branch, account.account),
                borrowerName: user.personalName,
                today: seedDay,
              },
              account,
            );
          }
        }
        await openDemoApplications(
          trx.withTables<CoreTables>(),
          { institutionId, customerId, today: seedDay },
          DEMO_APPLICATIONS[user.username] ?? [],
        );
        await seedApplicationDocuments(
          trx,
          {
            institutionId,
            institutionName: institution.name,
            primaryColor: institutionSettings.get('themeOptions.primaryColor'),
            customerId,
            borrowerName: user.personalName,
            today: seedDay,
          },
          DEMO_APPLICATIONS[user.username] ?? [],
        );
        // --- Payments demo (a recurring and a scheduled payment already made, by a saved card) ---
        if (institution.slug === 'harbor' && user.username === DEMO_PAYMENTS_USERNAME) {
          await seedPaymentsDemo(trx, {
            institutionId,
            timeZone: institution.timeZone,
            settings: institutionSettings,
            branch: institution.branch,
            branding: {
              institutionName: institution.name,
              primaryColor: institutionSettings.get('themeOptions.primaryColor'),
            },
            user: {
              userId,
              customerId,
              companyNumber: user.companyNumber,
              username: user.username,
              firstName: user.firstName,
              lastName: user.lastName,
              zip: user.zip,
            },
            now,
            protector,
          });
        }
        // --- end of the payments demo ---
      }

      // --- Account flows demo (S2: registration holders, sam.taylor to activate, opt-out) ---
      if (institution.slug === 'harbor') {
        await seedAccountFlowDemo(trx, {
          portalOrigin: options.portalOrigin ?? DEMO_PORTAL_ORIGIN,
          institutionId,
          institutionName: institution.name,
          settings: createSettingsAccessor({
            shared: institution.settings.shared ?? {},
            english: institution.settings.english ?? {},
          }),
          branch: institution.branch,
          now,
          protector,
          accountNumber: demoAccountNumber,
        });
      }
      if (institution.slug === 'summit') {
        // Summit's registration asks for an e-mail security code; this holder can try it.
        await insertDemoAccountHolder(
          trx,
          {
            institutionId,
            branch: institution.branch,
            now,
            protector,
            accountNumber: demoAccountNumber,
          },
          SUMMIT_REGISTRATION_HOLDER,
        );
      }
      // --- end of the account flows demo ---

      // --- Branch locator demo (issue 22: each institution's branches, demo-branches.ts) ---
      const branches = createBranchesService({ db: trx, clock });
      for (const branch of DEMO_BRANCHES[institution.slug] ?? []) {
        await branches.add(trx, institutionId, branch);
      }
      // --- end of the branch locator demo ---
    }

    // --- Admin demo staff (S3: viewer/editor/publisher at Harbor, publisher at Summit, implementer) ---
    await seedStaffDemo(trx, { password: DEMO_PASSWORD, hash, now });
    // --- end of the admin demo staff ---
    return { seeded: true };
  });
}

/** What main prints in demo mode: where each institution answers and who can sign in. */
export function demoSignIns(): {
  institution: string;
  hosts: readonly string[];
  usernames: string[];
}[] {
  return DEMO_INSTITUTIONS.map((institution) => ({
    institution: institution.name,
    hosts: institution.hosts,
    usernames: demoUsersOf(institution.slug).map((user) => user.username),
  }));
}
