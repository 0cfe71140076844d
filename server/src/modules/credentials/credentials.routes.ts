import {
  Envelope,
  errorEnvelope,
  LogonValidationRulesResponse,
  okEnvelope,
  PasswordValidationRulesResponse,
  ValidatePasswordForResetRequest,
  ValidatePasswordRequest,
  ValidatePasswordResponse,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { institutionOf } from '../../plugins/institution';
import { signedInCaller } from '../../plugins/signed-in-caller';
import { MINUTE_MS, type ThrottleService } from '../throttle/throttle.service';
import type { CredentialsService, PasswordCheckRequest } from './credentials.service';

export interface CredentialsRoutesOptions {
  service: CredentialsService;
  throttle: ThrottleService;
}

/**
 * The debounced checks run while the user types (every 500 ms at most); each may verify several
 * argon2 hashes, so the reset page's checks are limited per address too (the service caps them
 * per user). The specs fix no number: 60 a minute allows a fast typist and stops a script.
 */
export const PASSWORD_CHECKS_PER_MINUTE = 60;

function checkRequest(body: ValidatePasswordRequest): PasswordCheckRequest {
  return {
    password: body.PasswordToValidate,
    checkSsn: body.InvalidWhenMatchesSSN,
    checkEmail: body.InvalidWhenMatchEmail,
    checkHistory: body.InvalidWhenPasswordExists,
  };
}

/** Password and logon rules, and the server checks of a new password (spec 000 sections 5, 7). */
export const credentialsRoutes: FastifyPluginAsyncZod<CredentialsRoutesOptions> = async (
  app,
  { service, throttle },
) => {
  app.post(
    '/api/CredentialValidationRules/GetPasswordValidationRules',
    { schema: { response: { 200: PasswordValidationRulesResponse } } },
    async (request) => ({
      ...okEnvelope(),
      ...(await service.passwordRules(institutionOf(request).id)),
    }),
  );

  app.post(
    '/api/CredentialValidationRules/GetLogonValidationRules',
    { schema: { response: { 200: LogonValidationRulesResponse } } },
    async (request) => ({
      ...okEnvelope(),
      ...(await service.logonRules(institutionOf(request).id)),
    }),
  );

  app.post(
    '/api/Login/ValidatePasswordForLoggedInUser',
    {
      config: { auth: 'required' },
      schema: {
        body: ValidatePasswordRequest,
        response: { 200: ValidatePasswordResponse, 401: Envelope },
      },
    },
    async (request) => {
      const { institutionId, userId } = signedInCaller(request);
      const result = await service.checkForUser(institutionId, userId, checkRequest(request.body));
      return {
        ...okEnvelope(),
        PasswordMatchesSSN: result.matchesSsn,
        PasswordMatchesEmail: result.matchesEmail,
        PasswordExists: result.exists,
      };
    },
  );

  app.post(
    '/api/Login/ValidatePasswordForResetPassword',
    {
      schema: {
        body: ValidatePasswordForResetRequest,
        response: { 200: ValidatePasswordResponse, 403: Envelope },
      },
    },
    async (request, reply) => {
      const institutionId = institutionOf(request).id;
      await throttle.enforce({
        institutionId,
        bucket: 'password-check-ip',
        key: request.ip,
        limit: PASSWORD_CHECKS_PER_MINUTE,
        windowMs: MINUTE_MS,
      });
      const result = await service.checkForResetToken(
        institutionId,
        request.body.ResetToken,
        checkRequest(request.body),
      );
      if (result === 'Expired') return reply.code(403).send(errorEnvelope('Expired'));
      return {
        ...okEnvelope(),
        PasswordMatchesSSN: result.matchesSsn,
        PasswordMatchesEmail: result.matchesEmail,
        PasswordExists: result.exists,
      };
    },
  );
};
