import {
  errorEnvelope,
  FeedbackRequest,
  MessageRefusedResponse,
  MessagesCaptchaResponse,
  MessageSentResponse,
  okEnvelope,
  QuestionRequest,
} from '@portal/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../plugins/request-context';
import { optionalSessionOf, signedInUserIdOf } from '../../plugins/signed-in-caller';
import type { MessageCaller, MessageOutcome, MessagesService } from './messages.service';

const OPTIONAL = { auth: 'optional' } as const;
const TAGS = ['Messages'];

/** A signed-in caller counts only with the post-login steps done; anyone else is a visitor. */
function callerOf(request: FastifyRequest): MessageCaller {
  const { institutionId, ip, userAgent } = requestContext(request);
  const session = optionalSessionOf(request);
  return {
    institutionId,
    ip,
    userAgent,
    signedInUserId:
      session && session.pendingSteps.length === 0 ? signedInUserIdOf(request) : undefined,
  };
}

function answer(reply: FastifyReply, outcome: MessageOutcome) {
  if (outcome.ok) return reply.send(okEnvelope());
  const fields = outcome.errors.flatMap((error) => (error.field ? [error.field] : []));
  return reply.code(outcome.status).send({
    ...errorEnvelope(...outcome.errors.map((error) => error.text)),
    ...(fields.length > 0 ? { InvalidFields: fields } : {}),
  });
}

const SENDER =
  'Signed in (post-login steps done): the name, e-mail and branch are the borrower’s own and those of the body are ignored. Logged out: the name (required, at most 100 characters), the e-mail (required, a valid address of at most 100 characters) and an optional branch number (1 to 4 digits).';
const REFUSALS =
  'A refusal answers HasNoErrors false with each problem in the institution’s words (messagesTexts.*: “Subject is required.”, “Name is required.”, “Cannot be longer than 300 characters”, …) and InvalidFields naming the field of each, in the same order: 400 for a field, 403 for the captcha (“Must Complete Captcha”: missing, wrong, expired, of another institution or already used) or when messages are not offered (hideContactUsOption; feedback also with hideFeedbackOption: messagesTexts.errorText). Every message from an address counts against securityPolicyOptions.messagesPerHourPerIp in an hour (429 TooManyRequests past it). Each message accepted becomes an item of the institution’s staff work queue.';

/** The messages screen's calls (spec 002 sections 5, 7 and 8). */
export const messagesRoutes: FastifyPluginAsyncZod<{ service: MessagesService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/Messages/Captcha',
    {
      schema: {
        tags: TAGS,
        summary: 'A captcha challenge for a question',
        description:
          'A self-hosted proof of work (ALTCHA v1: SHA-256 of Salt followed by a number up to MaxNumber equals Challenge; Signature is the server’s HMAC of Challenge). The solution is sent as ReCaptchaCode: base64 of JSON {algorithm, challenge, number, salt, signature}, as the sign-in check’s. Valid 20 minutes, at this institution, once.',
        response: { 200: MessagesCaptchaResponse },
      },
    },
    async (request) => ({
      ...okEnvelope(),
      ...(await service.issueCaptcha(requestContext(request).institutionId)),
    }),
  );

  app.post(
    '/api/Messages/ContactUs',
    {
      config: OPTIONAL,
      schema: {
        tags: TAGS,
        summary: 'Send a question to the institution',
        description: `The question form: Subject (required, at most 100 characters), Message (required, at most messagesOptions.messageMaxLength characters, 300 by default) and ReCaptchaCode (the solved GET /api/Messages/Captcha, unless messagesOptions.useCaptchaOption is off). ${SENDER} Alert is accepted as the specs’ client sends it and not relied on. ${REFUSALS}`,
        body: QuestionRequest,
        response: {
          200: MessageSentResponse,
          400: MessageRefusedResponse,
          403: MessageRefusedResponse,
        },
      },
    },
    async (request, reply) =>
      answer(reply, await service.sendQuestion(callerOf(request), request.body)),
  );

  app.post(
    '/api/Messages/Feedback',
    {
      config: OPTIONAL,
      schema: {
        tags: TAGS,
        summary: 'Send feedback to the institution',
        description: `FeedbackType: 'Good' or 'CouldBeBetter' (How was your experience; required). SurveyQuestions: the reason chosen, as [{Question: the reason legend, Answer: one of messagesOptions.feedbackReasonOptions}] (optional; an unknown reason is refused). Message: optional, at most messagesOptions.messageMaxLength characters; an empty one is kept as absent. ReturnURL: the page it was sent from, kept without its query. ReCaptchaCode: not asked of feedback (the specs ask the captcha of questions). Alert: a logged-out visitor’s PersonalName, Email and ServicingBranch. ${SENDER} ${REFUSALS}`,
        body: FeedbackRequest,
        response: {
          200: MessageSentResponse,
          400: MessageRefusedResponse,
          403: MessageRefusedResponse,
        },
      },
    },
    async (request, reply) =>
      answer(reply, await service.sendFeedback(callerOf(request), request.body)),
  );
};
