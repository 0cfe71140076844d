import { CARD_REFUSAL_ERRORS, errorEnvelope, PAYMENT_CALLS } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { optionalSessionOf } from '../../plugins/signed-in-caller';
import { requestContext } from '../../plugins/request-context';
import type { CardAttempt, CardAttemptOutcome, CardVelocityService } from './card-velocity.service';

/**
 * The calls that are card attempts: adding a card (the processor tokenizes and answers) and the
 * card payment submits. A new call that takes a card number or charges a card belongs here.
 */
export const CARD_ATTEMPT_PATHS: ReadonlySet<string> = new Set([
  PAYMENT_CALLS.addCardPaymentMethod.path,
  PAYMENT_CALLS.submitImmediateCard.path,
  PAYMENT_CALLS.submitScheduledCard.path,
  PAYMENT_CALLS.submitRecurringCard.path,
]);

/** The refusal of a paused card attempt; the fields of both answers' shapes, empty. */
export const CARD_ATTEMPTS_PAUSED = 'CardAttemptsPaused';

const DECLINES: ReadonlySet<string> = new Set(CARD_REFUSAL_ERRORS);

/** What an answer of a card attempt says about the card. */
export function cardAttemptOutcome(answer: unknown): CardAttemptOutcome {
  if (typeof answer !== 'object' || answer === null) return 'other';
  if ('HasNoErrors' in answer && answer.HasNoErrors === true) return 'approved';
  const errors = 'Errors' in answer && Array.isArray(answer.Errors) ? answer.Errors : [];
  const first: unknown = errors[0];
  const message =
    typeof first === 'object' && first !== null && 'ErrorMessage' in first
      ? first.ErrorMessage
      : undefined;
  return typeof message === 'string' && DECLINES.has(message) ? 'declined' : 'other';
}

/**
 * The card testing guard around the card attempt calls, as hooks, so the payment modules' routes
 * stay as they are: before the handler, the attempt is counted and refused when paused or past
 * a limit (429, nothing reaches the processor), or held until its turn when its address is
 * slowed; as the answer leaves, its outcome is counted.
 */
export const cardVelocityHooks = fp<{ service: CardVelocityService }>(
  async (app, { service }) => {
    const admitted = new WeakMap<FastifyRequest, CardAttempt>();
    app.addHook('preHandler', async (request, reply) => {
      if (!CARD_ATTEMPT_PATHS.has(request.routeOptions.url ?? '')) return;
      const session = optionalSessionOf(request);
      if (!session) return;
      const { institutionId, ip } = requestContext(request);
      const attempt = { institutionId, userId: session.userId, sessionId: session.id, ip };
      if (!(await service.admit(attempt))) {
        request.log.warn(
          { userId: attempt.userId, ip },
          'card attempt refused: card testing guard',
        );
        return reply.code(429).send({
          ...errorEnvelope(CARD_ATTEMPTS_PAUSED),
          PaymentMethod: null,
          ReferenceNumber: '',
        });
      }
      admitted.set(request, attempt);
    });
    app.addHook('preSerialization', async (request, _reply, payload) => {
      const attempt = admitted.get(request);
      if (attempt) {
        admitted.delete(request);
        await service.record(attempt, cardAttemptOutcome(payload));
      }
      return payload;
    });
  },
  { name: 'card-velocity', dependencies: ['auth'] },
);
