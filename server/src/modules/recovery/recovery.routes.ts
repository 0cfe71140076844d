import {
  AnswerSecretQuestionRequest,
  AnswerSecretQuestionResponse,
  errorEnvelope,
  GenerateNewPasswordRequest,
  GetSecretQuestionResponse,
  okEnvelope,
  RecoveryRequest,
} from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../plugins/request-context';
import type { RecoveryCaller, RecoveryService } from './recovery.service';

export interface RecoveryRoutesOptions {
  service: RecoveryService;
}

const callerOf = (request: FastifyRequest): RecoveryCaller => requestContext(request);

function identityOf(body: RecoveryRequest) {
  return {
    email: body.EmailAddress,
    servicingBranch: body.ServicingBranch,
    dateOfBirth: body.DateOfBirth,
    zipCode: body.ZipCode,
  };
}

/** Account recovery: username, secret question, reset link (spec 000 sections 2.8, 7 and 8). */
export const recoveryRoutes: FastifyPluginAsyncZod<RecoveryRoutesOptions> = async (
  app,
  { service },
) => {
  const linksToQueue = new WeakMap<FastifyRequest, () => Promise<void>>();
  app.post(
    '/api/Recovery/GetSecretQuestion',
    {
      schema: {
        body: RecoveryRequest,
        response: { 200: GetSecretQuestionResponse, 403: GetSecretQuestionResponse },
      },
    },
    async (request, reply) => {
      const result = await service.getSecretQuestion(callerOf(request), identityOf(request.body));
      if (!result.ok)
        return reply.code(403).send({ ...errorEnvelope(result.code), Credentials: null });
      return {
        ...okEnvelope(),
        Credentials: { SecretQuestion: result.secretQuestion, LogonName: result.logonName },
      };
    },
  );

  app.post(
    '/api/Recovery/AnswerSecretQuestion',
    {
      schema: {
        body: AnswerSecretQuestionRequest,
        response: { 200: AnswerSecretQuestionResponse, 403: AnswerSecretQuestionResponse },
      },
    },
    async (request, reply) => {
      const result = await service.answerSecretQuestion(callerOf(request), {
        ...identityOf(request.body),
        logonName: request.body.LogonName,
        secretAnswer: request.body.SecretAnswer,
      });
      if (!result.ok)
        return reply.code(403).send({ ...errorEnvelope(result.code), SuccessMessage: '' });
      return { ...okEnvelope(), SuccessMessage: result.successMessage };
    },
  );

  app.post(
    '/api/Recovery/GenerateNewPassword',
    {
      schema: {
        body: GenerateNewPasswordRequest,
        response: { 200: AnswerSecretQuestionResponse, 403: AnswerSecretQuestionResponse },
      },
      // After the answer has gone out, so its timing does not tell whether a link was sent.
      onResponse: async (request) => {
        const queueLink = linksToQueue.get(request);
        if (!queueLink) return;
        linksToQueue.delete(request);
        try {
          await queueLink();
        } catch (error) {
          request.log.error({ err: error }, 'the password reset link could not be queued');
        }
      },
    },
    async (request, reply) => {
      const result = await service.generateNewPassword(callerOf(request), {
        logonName: request.body.LogonName,
        email: request.body.EmailAddress,
        zipCode: request.body.ZipCode,
        servicingBranch: request.body.ServicingBranch,
      });
      if (!result.ok)
        return reply.code(403).send({ ...errorEnvelope(result.code), SuccessMessage: '' });
      linksToQueue.set(request, result.queueLink);
      return { ...okEnvelope(), SuccessMessage: result.successMessage };
    },
  );
};
