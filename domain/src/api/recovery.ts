import { z } from 'zod';
import { withEnvelope } from '../envelope';

/** Step 1 of recovery: the identifying details (each may be hidden by configuration). */
export const RecoveryRequest = z.object({
  EmailAddress: z.string().max(100).optional().default(''),
  ServicingBranch: z.string().max(10).optional().default(''),
  DateOfBirth: z.string().max(10).optional().default(''),
  ZipCode: z.string().max(10).optional().default(''),
});
export type RecoveryRequest = z.infer<typeof RecoveryRequest>;

/** `POST /api/Recovery/GetSecretQuestion`. */
export const GetSecretQuestionResponse = withEnvelope({
  Credentials: z.object({ SecretQuestion: z.string(), LogonName: z.string() }).nullable(),
});
export type GetSecretQuestionResponse = z.infer<typeof GetSecretQuestionResponse>;

/** `POST /api/Recovery/AnswerSecretQuestion`. */
export const AnswerSecretQuestionRequest = RecoveryRequest.extend({
  LogonName: z.string().max(200),
  SecretAnswer: z.string().max(200),
});
export const AnswerSecretQuestionResponse = withEnvelope({ SuccessMessage: z.string() });

/** `POST /api/Recovery/GenerateNewPassword` (recovery without a question). */
export const GenerateNewPasswordRequest = z.object({
  LogonName: z.string().max(200),
  EmailAddress: z.string().max(100).optional().default(''),
  ZipCode: z.string().max(10).optional().default(''),
  CredentialExpiration: z.string().max(40).optional().default(''),
  ServicingBranch: z.string().max(10).optional().default(''),
});

/** First ErrorMessage values of recovery (spec 000 section 8). */
export const RECOVERY_ERROR_CODES = [
  'BadQuestion',
  'Invalid',
  'RecoveryFailed',
  'RecoveryMaxAttempts',
] as const;
