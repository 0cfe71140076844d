import {
  ActivateAccountRequest,
  ActivateAccountResponse,
  CreateAccountRequest,
  CreateAccountResponse,
  Envelope,
  errorEnvelope,
  GenerateMfaCodeRequest,
  GenerateMfaCodeResponse,
  okEnvelope,
  RegisterValidateCodeRequest,
} from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../plugins/request-context';
import type { RegistrationCaller, RegistrationService } from './registration.service';

export interface RegistrationRoutesOptions {
  service: RegistrationService;
}

const callerOf = (request: FastifyRequest): RegistrationCaller => requestContext(request);

/** Registration, its e-mail security code and account activation (spec 000 sections 2.9-2.11, 7, 8). */
export const registrationRoutes: FastifyPluginAsyncZod<RegistrationRoutesOptions> = async (
  app,
  { service },
) => {
  app.post(
    '/api/Register/GenerateMFACode',
    {
      schema: {
        body: GenerateMfaCodeRequest,
        response: { 200: GenerateMfaCodeResponse, 403: Envelope },
      },
    },
    async (request, reply) => {
      const result = await service.generateMfaCode(callerOf(request), {
        anonymousId: request.body.Id,
        firstName: request.body.FirstName,
        email: request.body.EmailAddress,
      });
      if (!result.ok) return reply.code(403).send(errorEnvelope(result.code));
      return { ...okEnvelope(), MFAToken: result.mfaToken };
    },
  );

  app.post(
    '/api/Register/ValidateCode',
    { schema: { body: RegisterValidateCodeRequest, response: { 200: Envelope, 403: Envelope } } },
    async (request, reply) => {
      const result = await service.validateCode(callerOf(request), {
        code: request.body.Code,
        mfaToken: request.body.MFAToken,
        anonymousId: request.body.UserId,
      });
      return result.ok ? okEnvelope() : reply.code(403).send(errorEnvelope(result.code));
    },
  );

  app.post(
    '/api/Register/CreateAccount',
    {
      schema: {
        body: CreateAccountRequest,
        response: { 200: CreateAccountResponse, 403: CreateAccountResponse },
      },
    },
    async (request, reply) => {
      const result = await service.createAccount(callerOf(request), request.body);
      if (!result.ok) {
        return reply
          .code(403)
          .send({ ...errorEnvelope(...result.flags), UserName: '', EmailIsVerified: false });
      }
      const envelope = result.restricted ? errorEnvelope('Restricted') : okEnvelope();
      return { ...envelope, UserName: result.userName, EmailIsVerified: result.emailVerified };
    },
  );

  app.post(
    '/api/Register/ActivateAccount',
    {
      schema: {
        body: ActivateAccountRequest,
        response: { 200: ActivateAccountResponse, 403: ActivateAccountResponse },
      },
    },
    async (request, reply) => {
      const result = await service.activateAccount(callerOf(request), {
        token: request.body.Token,
        password: request.body.Password,
      });
      if (result.ok) {
        return {
          ...okEnvelope(),
          UserName: result.userName,
          LogonNameTaken: false,
          Restricted: false,
        };
      }
      return reply.code(403).send({
        ...errorEnvelope(...result.codes),
        UserName: result.userName,
        LogonNameTaken: result.code === 'LogonNameTaken',
        Restricted: result.code === 'Restricted',
      });
    },
  );
};
