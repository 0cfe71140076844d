import {
  AgreementLoggingRequest,
  Envelope,
  errorEnvelope,
  okEnvelope,
  PostLoginStepResponse,
  ResendCodeRequest,
  ResetPasswordRequest,
  ResetPasswordResponse,
  SetPasswordQuestionRequest,
  ValidateCodeRequest,
  ValidateCodeResponse,
  VerifyNewUserRequest,
} from '@portal/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TooManyRequestsError } from '../../lib/http-errors';
// eslint-disable-next-line no-restricted-imports -- the steps work on the session row itself
import { presentedToken, sessionOf } from '../../plugins/auth';
import { institutionOf } from '../../plugins/institution';
import { deliverToken } from './auth.routes';
import type { BiometricsGrant } from './auth.service';
import type { PostLoginService, StepCaller, StepResult } from './post-login.service';
import { requestContext } from '../../plugins/request-context';
import { optionalSessionOf } from '../../plugins/signed-in-caller';

export interface PostLoginRoutesOptions {
  service: PostLoginService;
  cookieSecure: boolean;
}

/** The session whose steps are pending (its steps and token change), not a signed-in caller. */
function callerOf(request: FastifyRequest): StepCaller {
  const { session, user } = sessionOf(request);
  const { institution, ip } = requestContext(request);
  return { institution, session, user, ip };
}

/** A refused step: 403 with its codes (the portal shows the first), or 429 for a rate limit. */
function refused(reply: FastifyReply, result: Extract<StepResult<unknown>, { ok: false }>) {
  if (result.status === 429) throw new TooManyRequestsError(60);
  return reply.code(403).send(errorEnvelope(...result.codes));
}

/** The biometric grant of the call that completed a mobile sign-in's last step (spec 000 2.4). */
function biometricsFields(grant: BiometricsGrant | null) {
  return {
    BiometricsTokenExpiration: grant?.expiresAt.toISOString() ?? null,
    BiometricsToken: grant?.token ?? '',
  };
}

/**
 * The post-login steps (spec 000 sections 2.5 and 4). They run on a session whose steps are still
 * pending (`auth: 'steps'`); data calls refuse such a session until every step is done.
 */
export const postLoginRoutes: FastifyPluginAsyncZod<PostLoginRoutesOptions> = async (
  app,
  options,
) => {
  const { service, cookieSecure } = options;
  const steps = { auth: 'steps' } as const;

  app.post(
    '/api/Login/ValidateCode',
    {
      config: steps,
      schema: {
        body: ValidateCodeRequest,
        response: { 200: ValidateCodeResponse, 401: Envelope, 403: Envelope },
      },
    },
    async (request, reply) => {
      const result = await service.validateCode(callerOf(request), {
        userId: request.body.UserId,
        code: request.body.Code,
        createTrustedDevice: request.body.CreateTrustedDevice,
      });
      if (!result.ok) return refused(reply, result);
      const { value } = result;
      return {
        ...okEnvelope(),
        UserToken: deliverToken(request, reply, value.token, cookieSecure),
        EmailAddress: value.email,
        TrustedDeviceToken: value.trustedDeviceToken,
        CustomerID: value.customerId,
        ...biometricsFields(value.biometrics),
      };
    },
  );

  app.post(
    '/api/Login/ResendCode',
    {
      config: steps,
      schema: {
        body: ResendCodeRequest,
        response: { 200: Envelope, 401: Envelope, 403: Envelope },
      },
    },
    async (request, reply) => {
      const result = await service.resendCode(callerOf(request), { userId: request.body.UserId });
      return result.ok ? okEnvelope() : refused(reply, result);
    },
  );

  app.post(
    '/api/Login/VerifyNewUser',
    {
      config: steps,
      schema: {
        body: VerifyNewUserRequest,
        response: { 200: PostLoginStepResponse, 401: Envelope, 403: Envelope },
      },
    },
    async (request, reply) => {
      const result = await service.verifyNewUser(callerOf(request), {
        username: request.body.Credentials.UserName,
        password: request.body.Credentials.Password,
        ssn: request.body.SocialSecurityNumber,
      });
      if (!result.ok) return refused(reply, result);
      return { ...okEnvelope(), ...biometricsFields(result.value.biometrics) };
    },
  );

  app.post(
    '/api/register/SetPasswordQuestion',
    {
      config: steps,
      schema: {
        body: SetPasswordQuestionRequest,
        response: { 200: PostLoginStepResponse, 401: Envelope, 403: Envelope },
      },
    },
    async (request, reply) => {
      const result = await service.setPasswordQuestion(callerOf(request), {
        question: request.body.PasswordQuestion,
        answer: request.body.PasswordAnswer,
        ...(request.body.CurrentPassword !== undefined
          ? { currentPassword: request.body.CurrentPassword }
          : {}),
      });
      if (!result.ok) return refused(reply, result);
      return { ...okEnvelope(), ...biometricsFields(result.value.biometrics) };
    },
  );

  app.post(
    '/api/AgreementLogging',
    {
      config: steps,
      schema: {
        body: AgreementLoggingRequest,
        response: { 200: PostLoginStepResponse, 401: Envelope, 403: Envelope },
      },
    },
    async (request, reply) => {
      const result = await service.agreementLogging(callerOf(request), {
        agreements: request.body.Agreements,
        username: request.body.UserName,
        unrestrictEmail: request.body.UnRestrictEmail,
      });
      if (!result.ok) return refused(reply, result);
      return { ...okEnvelope(), ...biometricsFields(result.value.biometrics) };
    },
  );

  // A reset link works without a session; the changePassword step's token needs its session.
  app.post(
    '/api/Login/ResetPassword',
    {
      config: { auth: 'optional' },
      schema: {
        body: ResetPasswordRequest,
        response: { 200: ResetPasswordResponse, 403: Envelope },
      },
    },
    async (request, reply) => {
      const result = await service.resetPassword(
        {
          institution: institutionOf(request),
          session: optionalSessionOf(request),
          ip: request.ip,
        },
        { enc: request.body.Enc, password: request.body.Password },
      );
      if (!result.ok) return refused(reply, result);
      const token = result.value.isLoggedIn ? presentedToken(request) : undefined;
      return {
        ...okEnvelope(),
        IsLoggedIn: result.value.isLoggedIn,
        // Header clients already hold it; browsers keep theirs in the cookie.
        UserToken: token !== undefined && request.headers.usertoken ? token : '',
        ...biometricsFields(result.value.biometrics),
      };
    },
  );
};
