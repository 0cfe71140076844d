import { z } from 'zod';
import { withEnvelope } from '../envelope';

/** `POST /api/login/userlogin` (spec 000 section 3). */
export const LoginRequest = z.object({
  username: z.string().max(200),
  password: z.string().max(200),
  deviceId: z.string().max(200).optional(),
  /** user name → trusted-device token, kept by the client. */
  trustedDeviceTokens: z.record(z.string(), z.string().max(200)).optional(),
  /**
   * The solved sign-in check (rules/sign-in-check.ts), needed while the address has many recent
   * failed sign-ins; the answer is 403 SignInCheckRequired without it.
   */
  SignInCheck: z.string().max(1000).optional(),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const WebAgreementLog = z.object({
  DateOfTerms: z.string(),
  DateOfAgreement: z.string().nullable(),
  Name: z.string(),
  Url: z.string(),
  /** The agreement's host number (11337 plus its index), what `AgreementLogging` sends back. */
  HostNum: z.number().int().optional(),
});
export type WebAgreementLog = z.infer<typeof WebAgreementLog>;

/**
 * The post-login steps in the order they are shown (spec 000 sections 2.5 and 4). The server keeps
 * the pending ones on the session: until they are done, data calls answer 401 Unauthorized.
 */
export const POST_LOGIN_STEPS = [
  'securityCode',
  'validateSSN',
  'changePassword',
  'setupSecretQuestion',
  'agreements',
] as const;
export const PostLoginStep = z.enum(POST_LOGIN_STEPS);
export type PostLoginStep = z.infer<typeof PostLoginStep>;

/**
 * The login response. `UserToken` is empty for browser clients, whose session rides in an
 * HttpOnly cookie; API clients that send no cookie jar (the mobile wrapper) receive it here.
 */
export const LoginResponse = withEnvelope({
  UserName: z.string(),
  PersonalName: z.string(),
  ServicingBranch: z.string(),
  LastLoggedInIP: z.string(),
  LastLoggedIn: z.string().nullable(),
  UserToken: z.string(),
  UserId: z.string(),
  EmailAddress: z.string(),
  CompanyNumber: z.number().int(),
  IsLoggedIn: z.boolean(),
  EmailIsVerified: z.boolean(),
  Password: z.boolean(),
  ChangePasswordToken: z.string(),
  MustChangePassword: z.boolean(),
  HasPasswordQuestion: z.boolean(),
  IsTrustedDevice: z.boolean(),
  IsEmailCommunicationRestriced: z.boolean(),
  MFARequired: z.boolean(),
  WebAgreementLogs: z.array(WebAgreementLog),
  BiometricsTokenExpiration: z.string().nullable(),
  /**
   * The steps still to do, in order (empty: straight to the dashboard). `IsLoggedIn` is true
   * whenever the credentials were accepted and a session exists, steps pending or not.
   */
  PendingSteps: z.array(PostLoginStep).optional().default([]),
  /** The biometric sign-in token, issued once when the sign-in carried a deviceId ('' otherwise). */
  BiometricsToken: z.string().optional().default(''),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

/** Codes of a 403 sign-in answer (spec 000 section 8). */
export const LOGIN_ERROR_CODES = [
  'LockedOnBadPassword',
  'MaxAttemptsReached',
  'Invalid',
  'LogonNotAllowed',
  'Restricted',
  'maintenanceModeEnabled',
  'ServerError',
  'MFANoEmail',
  /** Not in the spec (issue 20): solve the sign-in check (GET /api/login/SignInCheck) first. */
  'SignInCheckRequired',
] as const;
export type LoginErrorCode = (typeof LOGIN_ERROR_CODES)[number];

/** `POST /api/Login/Logout`. */
export const LogoutRequest = z.object({ UserToken: z.string().max(200).optional() });

/** `POST /api/Login/CheckTokenExpiration`. */
export const CheckTokenExpirationRequest = z.object({ Token: z.string().max(200).optional() });
export const CheckTokenExpirationResponse = withEnvelope({
  IsExpired: z.boolean(),
  ExpiresAt: z.string().nullable(),
});

/** `POST /api/Login/LookupLoginFromToken`. */
export const LookupLoginFromTokenRequest = z.object({ UserToken: z.string().max(200).optional() });
export const LookupLoginFromTokenResponse = withEnvelope({ Logon: z.string() });

/** The signed-in user as the portal keeps it (spec 000 section 3, "User session"). */
export const UserSession = z.object({
  username: z.string(),
  personalName: z.string(),
  lastLoggedInIP: z.string(),
  lastLoggedIn: z.string().nullable(),
  servicingBranch: z.string(),
  emailAddress: z.string(),
  companyNumber: z.number().int(),
});
export type UserSession = z.infer<typeof UserSession>;
