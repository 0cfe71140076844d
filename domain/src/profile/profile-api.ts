import { z } from 'zod';
import { withEnvelope } from '../envelope';
import { AccountDocument, PostalAddress } from '../api/shared-shapes';

/**
 * The profile's calls (spec 002 sections 3 and 7): `GET /api/Profile` and the three updates the
 * spec describes without paths, chosen here as `POST /api/Profile/UpdateUserInfo`,
 * `POST /api/Profile/UpdatePersonalInfo` and `POST /api/Profile/UpdateNotifications`. Every
 * refusal is an answer with HasNoErrors false and its codes in Errors (PROFILE_ERROR_CODES); the
 * portal words them from profileErrorTexts. An Unauthorized in Errors[0] logs the portal out.
 */

/** The user information block of the profile. */
export const ProfileUserInfo = z.object({
  LogonName: z.string(),
  EmailAddress: z.string(),
  /**
   * A new e-mail address waiting for the link sent to it ('' when none): it replaces
   * EmailAddress only once that link is opened.
   */
  PendingEmailAddress: z.string(),
  EmailIsVerified: z.boolean(),
  PersonalName: z.string(),
  ServicingBranch: z.string(),
  CompanyNumber: z.number().int(),
  LastLoggedIn: z.string().nullable(),
  LastLoggedInIP: z.string(),
  /** The saved secret question ('' when none); the answer never leaves the server. */
  SecretQuestion: z.string(),
  /** Whether a device of the user holds a live biometric sign-in token. */
  BiometricsEnabled: z.boolean(),
});
export type ProfileUserInfo = z.infer<typeof ProfileUserInfo>;

/** One phone number of the personal information (spec 002 "Personal info"). */
export const ProfilePhoneNumber = z.object({
  /** Ten digits as kept; the portal shows them as 000-000-0000 (displayedPhone). */
  PhoneNumber: z.string(),
  OptInToTexting: z.boolean(),
  Primary: z.boolean(),
});
export type ProfilePhoneNumber = z.infer<typeof ProfilePhoneNumber>;

export const ProfilePersonalInfo = z.object({
  /** null when no address is on file yet. */
  Address: PostalAddress.nullable(),
  PhoneNumbers: z.array(ProfilePhoneNumber),
});
export type ProfilePersonalInfo = z.infer<typeof ProfilePersonalInfo>;

/** Each alert's choice, read back in lower case (spec 002 "Notification preferences"). */
export const TextAlertsInfo = z.object({
  userRestricted: z.boolean(),
  restrictedPasswordViolation: z.boolean(),
  userLogsOn: z.boolean(),
  moneyTransOnWeb: z.boolean(),
  logonNameChange: z.boolean(),
  passwordGenerated: z.boolean(),
  passwordChanged: z.boolean(),
  emailAddressChanged: z.boolean(),
  optOutMarketingAlerts: z.boolean(),
  optOutTransactionalAlerts: z.boolean(),
});
export const EmailAlertsInfo = TextAlertsInfo.extend({ optInOutEmailAlerts: z.boolean() });

export const UserAlertsInfo = z.object({
  /** Goes up by one with every save; a save must name the number it read (see the update). */
  sequenceNumber: z.number().int(),
  turnOffAllAlerts: z.boolean(),
  alertsAreDirty: z.boolean(),
  emailAlerts: EmailAlertsInfo,
  textAlerts: TextAlertsInfo,
});
export type UserAlertsInfo = z.infer<typeof UserAlertsInfo>;

/**
 * `GET /api/Profile`: the profile data bundle. PersonalInfo is null where the section is hidden
 * (non-personal users, profileOptions.hidePersonalInfoForNonPersonalUsersOption); Documents is
 * the customer's own documents when file services are on and the user is personal, else null.
 */
export const ProfileDataResponse = withEnvelope({
  UserInfo: ProfileUserInfo.nullable(),
  PersonalInfo: ProfilePersonalInfo.nullable(),
  UserAlertsInfo: UserAlertsInfo.nullable(),
  Documents: z.array(AccountDocument).nullable(),
});
export type ProfileDataResponse = z.infer<typeof ProfileDataResponse>;

/**
 * What the shell reads of `GET /api/Profile` (whether the session is good, and the user it
 * shows); the answer is ProfileDataResponse, of which this is a part.
 */
export const ProfileResponse = withEnvelope({
  UserInfo: ProfileUserInfo.pick({
    LogonName: true,
    EmailAddress: true,
    PersonalName: true,
    ServicingBranch: true,
    CompanyNumber: true,
    LastLoggedIn: true,
    LastLoggedInIP: true,
  }).nullable(),
});
export type ProfileResponse = z.infer<typeof ProfileResponse>;

/** A typed field: absent or null leaves it as saved. Long enough for every accepted value. */
const Typed = z.string().max(200).nullish();

/**
 * `POST /api/Profile/UpdateUserInfo`. Only what differs from the saved profile changes: the
 * login name; the e-mail address (a link goes to the new address, which replaces the old one
 * when opened; the old one gets a notice); the password (OldPassword required); the secret
 * question and answer (OldPassword required, e-mail notice); and on the mobile app biometric
 * sign-in for this device. A wrong OldPassword counts as a failed sign-in of the user name.
 */
export const UpdateUserInfoRequest = z.object({
  UserInfo: z.object({
    LogonName: Typed,
    EmailAddress: z.string().max(320).nullish(),
    OldPassword: Typed,
    NewPassword: Typed,
    /** Checked when sent (passwordRuleOptions.useConfirmPasswordOption). */
    ConfirmNewPassword: Typed,
    SecretQuestion: Typed,
    SecretAnswer: Typed,
  }),
  /** The mobile app's biometrics toggle and the device it is for. */
  MobileInfo: z
    .object({ BiometricsEnabled: z.boolean(), DeviceId: z.string().min(1).max(200) })
    .nullish(),
});
export type UpdateUserInfoRequest = z.infer<typeof UpdateUserInfoRequest>;

export const UpdateUserInfoResponse = withEnvelope({
  UserInfo: ProfileUserInfo.nullable(),
  /** A new biometric sign-in token for the device when biometrics were turned on, else ''. */
  BiometricsToken: z.string(),
  BiometricsTokenExpiration: z.string().nullable(),
});
export type UpdateUserInfoResponse = z.infer<typeof UpdateUserInfoResponse>;

const TypedAddress = z.object({
  Address1: z.string().max(200),
  City: z.string().max(200),
  State: z.string().max(20),
  ZipCode: z.string().max(20),
});

/**
 * `POST /api/Profile/UpdatePersonalInfo`: Address (null leaves it as saved) and the one phone
 * number with its primary flag and texting opt-in. Withdrawing the opt-in turns the text alerts
 * off.
 */
export const UpdatePersonalInfoRequest = z.object({
  Address: TypedAddress.nullable(),
  PhoneNumbers: z
    .array(
      z.object({
        PhoneNumber: z.string().max(40),
        OptInToTexting: z.boolean(),
        Primary: z.boolean(),
      }),
    )
    .max(5),
});
export type UpdatePersonalInfoRequest = z.infer<typeof UpdatePersonalInfoRequest>;

export const UpdatePersonalInfoResponse = withEnvelope({
  PersonalInfo: ProfilePersonalInfo.nullable(),
});
export type UpdatePersonalInfoResponse = z.infer<typeof UpdatePersonalInfoResponse>;

const postedChoice = z.boolean().nullish();
const PostedTextAlerts = z.object({
  UserRestricted: postedChoice,
  RestrictedPasswordViolation: postedChoice,
  UserLogsOn: postedChoice,
  MoneyTransOnWeb: postedChoice,
  LogonNameChange: postedChoice,
  PasswordGenerated: postedChoice,
  PasswordChanged: postedChoice,
  EmailAddressChanged: postedChoice,
  OptOutMarketingAlerts: postedChoice,
  OptOutTransactionalAlerts: postedChoice,
});
const PostedEmailAlerts = PostedTextAlerts.extend({ OptInOutEmailAlerts: postedChoice });

/**
 * `POST /api/Profile/UpdateNotifications`: the form in upper-case keys with AlertsAreDirty true
 * (false saves nothing). A key left out keeps its saved choice. SequenceNumber is the one read:
 * a save over a newer one is refused with Error and the newer preferences. Text alerts need a
 * phone opted in to texting.
 */
export const UpdateNotificationsRequest = z.object({
  SequenceNumber: z.number().int().min(0).max(2_147_483_647),
  TurnOffAllAlerts: z.boolean(),
  AlertsAreDirty: z.boolean(),
  EmailAlerts: PostedEmailAlerts.nullish(),
  TextAlerts: PostedTextAlerts.nullish(),
});
export type UpdateNotificationsRequest = z.infer<typeof UpdateNotificationsRequest>;

export const UpdateNotificationsResponse = withEnvelope({
  UserAlertsInfo: UserAlertsInfo.nullable(),
});
export type UpdateNotificationsResponse = z.infer<typeof UpdateNotificationsResponse>;

/** The ErrorMessage codes of the profile's updates (spec 002 section 8, "Profile errors"). */
export const PROFILE_ERROR_CODES = [
  'Unauthorized',
  'Error',
  'Invalid',
  'CorrectErrors',
  'LogonNameExists',
  'LogonNameLength',
  'LogonTooShort',
  'LogonMissingCapitalLetter',
  'LogonMissingLowercaseLetter',
  'LogonMissingLetter',
  'LogonMissingNumber',
  'LogonMissingSpecialCharacter',
  'LogonMatchesEmail',
  'InvalidCurrentPassword',
  /** The user name is locked after failed sign-ins: no password is looked at. */
  'LockedOnBadPassword',
  'BiometricsNotUpdated',
  'ZipCityNoMatch',
  'ContainsPOBox',
  'ChooseDifferentPassword',
  'PasswordTooShort',
  'PasswordSameAsLogin',
  'PasswordSameAsSSN',
  'PasswordNeedsLetterNumber',
  'ReusedPassword',
  'PasswordMissingCapitalLetter',
  'PasswordMissingLowercaseLetter',
  'PasswordMissingLetter',
  'PasswordMissingNumber',
  'PasswordMissingSpecialCharacter',
  'PasswordEqualsPortionOfLogon',
  'PasswordMatchesEmail',
  'PasswordContainsThreeOrMoreConsecutiveIdenticalCharacters',
] as const satisfies readonly string[];
export type ProfileErrorCode = (typeof PROFILE_ERROR_CODES)[number];
