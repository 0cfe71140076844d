import { z } from 'zod';
import { withEnvelope } from '../envelope';
import { LoginResponse } from './login';

/** `POST /api/login/tokenlogin`: mobile biometric sign-in with the stored token and device id. */
export const TokenLoginRequest = z.object({
  Token: z.string().max(500),
  DeviceID: z.string().max(200),
});
export type TokenLoginRequest = z.infer<typeof TokenLoginRequest>;

/**
 * Single sign-on token sign-in (the specs leave the path open: this product uses
 * `POST /api/login/ssologin`). The token is signed by the institution's identity provider.
 */
export const SsoLoginRequest = z.object({
  Token: z.string().max(4000),
  Channel: z.literal('Web'),
});
export type SsoLoginRequest = z.infer<typeof SsoLoginRequest>;

export { LoginResponse as TokenLoginResponse };

/** `POST /api/Login/ValidateCode`. */
export const ValidateCodeRequest = z.object({
  UserId: z.string().max(100),
  Code: z.string().max(20),
  CreateTrustedDevice: z.boolean(),
});
export type ValidateCodeRequest = z.infer<typeof ValidateCodeRequest>;

export const ValidateCodeResponse = withEnvelope({
  UserToken: z.string(),
  EmailAddress: z.string(),
  TrustedDeviceToken: z.string(),
  CustomerID: z.string(),
  BiometricsTokenExpiration: z.string().nullable(),
  /** Issued when this step completed a sign-in that carried a deviceId ('' otherwise). */
  BiometricsToken: z.string().optional().default(''),
});
export type ValidateCodeResponse = z.infer<typeof ValidateCodeResponse>;

/** `POST /api/Login/ResendCode`. */
export const ResendCodeRequest = z.object({ UserId: z.string().max(100) });

/** Codes of a 403 security-code answer. */
export const SECURITY_CODE_ERRORS = ['CodeExpired', 'MaxAttemptsReached', 'Invalid'] as const;

/**
 * The answer of the step calls that have nothing else to say (VerifyNewUser, SetPasswordQuestion,
 * AgreementLogging): the biometric grant, as in the ValidateCode and ResetPassword answers, when
 * the call completed the last pending step of a sign-in that carried a deviceId.
 */
export const PostLoginStepResponse = withEnvelope({
  BiometricsTokenExpiration: z.string().nullable().optional().default(null),
  /** Issued when this step completed a sign-in that carried a deviceId ('' otherwise). */
  BiometricsToken: z.string().optional().default(''),
});
export type PostLoginStepResponse = z.infer<typeof PostLoginStepResponse>;

/** `POST /api/Login/VerifyNewUser` (the SSN step). */
export const VerifyNewUserRequest = z.object({
  Credentials: z.object({ UserName: z.string().max(200), Password: z.string().max(200) }),
  SocialSecurityNumber: z.string().max(20),
});
export type VerifyNewUserRequest = z.infer<typeof VerifyNewUserRequest>;

/** `POST /api/register/SetPasswordQuestion`. */
export const SetPasswordQuestionRequest = z.object({
  PasswordQuestion: z.string().max(200),
  PasswordAnswer: z.string().max(200),
  UserToken: z.string().max(200).optional(),
  /**
   * Needed unless the sign-in's setupSecretQuestion step is pending: a signed-in session alone
   * may not replace the question that recovery trusts (not in the specs; the product's rule).
   */
  CurrentPassword: z.string().max(200).optional(),
});
export type SetPasswordQuestionRequest = z.infer<typeof SetPasswordQuestionRequest>;

/** `POST /api/Login/ResetPassword`: change password with a change-password or reset-link token. */
export const ResetPasswordRequest = z.object({
  Enc: z.string().max(500),
  Password: z.string().max(200),
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

export const ResetPasswordResponse = withEnvelope({
  IsLoggedIn: z.boolean(),
  UserToken: z.string(),
  BiometricsTokenExpiration: z.string().nullable(),
  /** Issued when this step completed a sign-in that carried a deviceId ('' otherwise). */
  BiometricsToken: z.string().optional().default(''),
});
export type ResetPasswordResponse = z.infer<typeof ResetPasswordResponse>;

/** `POST /api/AgreementLogging`: the host numbers of the accepted agreements. */
export const AgreementLoggingRequest = z.object({
  Agreements: z.array(z.number().int()).max(5),
  UserName: z.string().max(200),
  /**
   * Sent true with the e-statement agreements (spec 001 section 7). Decided: it changes nothing
   * on the server. The statement format is an account's, and this call names no account:
   * `POST /api/AccountEStatements/SetStatementFormat` turns e-statements on for the account right
   * after the agreements are recorded (spec 002), and refuses paperless until they are.
   */
  TurnEStatementsOn: z.boolean().optional().default(false),
  UnRestrictEmail: z.boolean().optional().default(false),
});
export type AgreementLoggingRequest = z.infer<typeof AgreementLoggingRequest>;

/** `POST /api/Login/ValidateEmail` (the verify link of home/verifyEmail/{enc}). */
export const ValidateEmailRequest = z.object({ EncryptedUserData: z.string().max(1000) });

/** `POST /api/OptOut/OptOut`: EmailAddress carries the link token. */
export const OptOutRequest = z.object({ EmailAddress: z.string().max(1000) });
