import {
  ApplicationListQuery,
  ApplicationListResponse,
  ApplicationQuery,
  ApplicationResponse,
  APPLY_ERROR_CODES,
  ApplyRefusedResponse,
  ApplyRequest,
  ApplyResponse,
  Envelope,
  errorEnvelope,
  okEnvelope,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInCaller } from '../../plugins/signed-in-caller';
import { readIdempotencyKey } from '../../lib/idempotency';
import type { ApplicationsService } from './applications.service';
import type { ApplyAnswer, LoanApplyService } from './loan-apply';

const TAGS = ['Applications'];

const APPLY_DESCRIPTION = [
  'A loan application made in the portal (the spec leaves the payload open; issue 22). Body: ProductId (one of the institution’s products, loanApplicationOptions.products), AmountRequested (decimal dollars, within the product’s least and most), TermMonths (one of the product’s terms), Purpose (required, at most 200 characters), AnnualIncome (decimal dollars, 0 to 10,000,000), EmploymentStatus (fullTime, partTime, selfEmployed, retired or notEmployed) and ContactConsent (must be true).',
  'Accepted, the core makes the application (status Received) and it becomes an item of the institution’s staff work queue; the answer gives its ApplicationNumber, Status and the RequiredDocuments the product asks for (uploaded with /api/file/UploadFileWithApplicationNumber). The borrower’s application list shows it at once.',
  'Every attempt carries an Idempotency-Key header (8 to 200 printable characters; the same key on every retry of one attempt): a repeat of the same body answers the first answer and never makes a second application; 400 IdempotencyKeyMissing without one, 422 IdempotencyKeyReused for a key of another body, 409 IdempotencyKeyInProgress while its first request is still running.',
  'Refusals: 400 with each field’s problem in words (“The smallest Personal Loan is $1,000.00.”) and InvalidFields naming the field of each, in order; 403 NotOffered when the institution sends borrowers to its own application site (globalOptions.applyForLoanURLOption) or takes no applications in the portal (globalOptions.useEgtConsumerOption off, or no product); 503 Connection when the core cannot be reached and 500 Generic on any other failure: retry with the same key (the server also finishes an attempt left unfinished within minutes, so nothing is lost and nothing is made twice).',
].join(' ');

/** The customer's loan applications (spec 002 "Application list and details"), and applying. */
export const applicationsRoutes: FastifyPluginAsyncZod<{
  service: ApplicationsService;
  apply: LoanApplyService;
}> = async (app, { service, apply }) => {
  app.get(
    '/api/Application/GetList',
    {
      config: { auth: 'required' },
      schema: {
        querystring: ApplicationListQuery,
        response: { 200: ApplicationListResponse, 401: Envelope },
      },
    },
    async (request) => {
      const { institutionId, timeZone, customerId } = signedInCaller(request);
      const applications = await service.list(
        { institutionId, customerId },
        timeZone,
        request.query.numDaysToRetrieve,
      );
      return { ...okEnvelope(), Applications: applications };
    },
  );

  app.get(
    '/api/Application',
    {
      config: { auth: 'required' },
      schema: {
        querystring: ApplicationQuery,
        response: { 200: ApplicationResponse, 401: Envelope, 404: Envelope },
      },
    },
    async (request, reply) => {
      const { institutionId, timeZone, customerId } = signedInCaller(request);
      const found = await service.find(
        { institutionId, customerId },
        timeZone,
        request.query.applicationNumber,
      );
      if (!found)
        return reply.code(404).send({ HasNoErrors: false, Errors: [{ ErrorMessage: 'NotFound' }] });
      return { ...okEnvelope(), Application: found };
    },
  );

  app.post(
    '/api/Register/Apply',
    {
      config: { auth: 'required' },
      schema: {
        tags: TAGS,
        summary: 'Apply for a loan',
        description: APPLY_DESCRIPTION,
        body: ApplyRequest,
        response: {
          200: ApplyResponse,
          // A body the schema refuses is answered by the error handler's plain envelope.
          400: ApplyRefusedResponse,
          401: Envelope,
          403: ApplyRefusedResponse,
          409: ApplyRefusedResponse,
          422: ApplyRefusedResponse,
          500: ApplyRefusedResponse,
          503: ApplyRefusedResponse,
        },
      },
    },
    async (request, reply) => {
      let answer: ApplyAnswer;
      try {
        answer = await apply.apply(
          signedInCaller(request),
          request.body,
          readIdempotencyKey(request.headers),
        );
      } catch (error) {
        // The key stays claimed: a retry with it, or the finishing job, completes the attempt.
        request.log.error({ err: error }, 'loan application failed');
        answer = { status: 500, body: errorEnvelope(APPLY_ERROR_CODES.generic) };
      }
      return reply.code(answer.status).send(answer.body);
    },
  );
};
