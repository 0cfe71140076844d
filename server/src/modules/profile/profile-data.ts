import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationPreferences,
  type ProfileDataResponse,
  type ProfilePersonalInfo,
  type ProfileUserInfo,
  withoutTextAlerts,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import { toAccountDocument } from '../documents/document-wire';
import { createBorrowersService, type Borrower } from '../borrowers/borrowers.service';
import { createSecurityCodesService } from '../borrowers/security-codes.service';
import {
  findNotificationPreferences,
  findPendingEmailChange,
  type StoredPreferences,
} from './profile.repository';
import type { ProfileCaller, ProfileDeps } from './profile-types';

export type ProfileData = Omit<ProfileDataResponse, 'HasNoErrors' | 'Errors'>;

/** What is stored of the preferences (their sequence number is a column of its own). */
export function storedPreferencesOf(preferences: NotificationPreferences): StoredPreferences {
  return {
    turnOffAllAlerts: preferences.turnOffAllAlerts,
    emailAlerts: preferences.emailAlerts,
    textAlerts: preferences.textAlerts,
  };
}

/** Whether the personal information section is hidden for this user (spec 002 section 6). */
export function personalInfoHidden(settings: SettingsAccessor, companyNumber: number): boolean {
  return (
    companyNumber !== 0 && settings.get('profileOptions.hidePersonalInfoForNonPersonalUsersOption')
  );
}

/** The personal information as the profile shows it: no address until one is saved. */
export function personalInfoOf(
  borrower: Pick<
    Borrower,
    'address1' | 'city' | 'state' | 'zip' | 'phone' | 'phone_primary' | 'phone_opt_in_texting'
  >,
): ProfilePersonalInfo {
  return {
    Address:
      borrower.address1 === ''
        ? null
        : {
            Address1: borrower.address1,
            City: borrower.city,
            State: borrower.state,
            ZipCode: borrower.zip,
          },
    PhoneNumbers:
      borrower.phone === ''
        ? []
        : [
            {
              PhoneNumber: borrower.phone,
              OptInToTexting: borrower.phone_opt_in_texting,
              Primary: borrower.phone_primary,
            },
          ],
  };
}

/** The reads of the profile: the whole bundle, and each block an update answers with. */
export function createProfileReader(deps: ProfileDeps) {
  const { db, clock } = deps;
  const borrowers = createBorrowersService({ db });
  const securityCodes = createSecurityCodesService({ db });

  async function preferences(userId: string): Promise<NotificationPreferences> {
    const saved = await findNotificationPreferences(db, userId);
    if (!saved) return DEFAULT_NOTIFICATION_PREFERENCES;
    return {
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      ...saved.preferences,
      sequenceNumber: saved.sequenceNumber,
      alertsAreDirty: false,
    };
  }

  async function userInfo(caller: ProfileCaller, borrower: Borrower): Promise<ProfileUserInfo> {
    const now = clock.now();
    const [previous, pendingEmail, biometrics] = await Promise.all([
      deps.auth.previousSignIn(caller.session),
      findPendingEmailChange(db, caller.userId, now),
      securityCodes.hasBiometricToken(caller.userId, now),
    ]);
    return {
      LogonName: borrower.username,
      EmailAddress: borrower.email,
      PendingEmailAddress: pendingEmail ?? '',
      EmailIsVerified: borrower.email_verified,
      PersonalName: borrower.personal_name,
      ServicingBranch: borrower.servicing_branch,
      CompanyNumber: borrower.company_number,
      LastLoggedIn: previous?.at.toISOString() ?? null,
      LastLoggedInIP: previous?.ip ?? '',
      SecretQuestion: borrower.password_answer_hash === null ? '' : borrower.password_question,
      BiometricsEnabled: biometrics,
    };
  }

  return {
    preferences,
    userInfo,
    /** The caller's borrower row, undefined when the user no longer exists. */
    borrowerOf: (caller: Pick<ProfileCaller, 'institutionId' | 'userId'>) =>
      borrowers.findBorrowerById(caller.institutionId, caller.userId),

    /** `GET /api/Profile`; undefined when the user no longer exists. */
    async profile(caller: ProfileCaller): Promise<ProfileData | undefined> {
      const [borrower, settings] = await Promise.all([
        borrowers.findBorrowerById(caller.institutionId, caller.userId),
        deps.institutions.settings(caller.institutionId),
      ]);
      if (!borrower) return undefined;
      const personal = borrower.company_number === 0;
      const withDocuments = personal && settings.get('globalOptions.useFileServicesOption');
      const [UserInfo, UserAlertsInfo, documents] = await Promise.all([
        userInfo(caller, borrower),
        preferences(caller.userId),
        withDocuments
          ? deps.documents.customerDocuments({
              institutionId: caller.institutionId,
              customerId: borrower.customer_id,
            })
          : undefined,
      ]);
      // Spec 002: without a phone opted in to texting, every text alert is off. A number that
      // texted STOP, or texting turned off by the institution, leaves the saved choices as they
      // were: they read as off, so the form neither shows them on nor posts them back on.
      const textable =
        settings.get('notificationOptions.allowTextMessagesOption') &&
        borrower.phone_opt_in_texting;
      return {
        UserInfo,
        PersonalInfo: personalInfoHidden(settings, borrower.company_number)
          ? null
          : personalInfoOf(borrower),
        UserAlertsInfo: textable ? UserAlertsInfo : withoutTextAlerts(UserAlertsInfo),
        Documents: documents ? documents.map(toAccountDocument) : null,
      };
    },
  };
}

export type ProfileReader = ReturnType<typeof createProfileReader>;
