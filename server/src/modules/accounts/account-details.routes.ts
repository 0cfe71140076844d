import {
  AccountAlertsRequest,
  AccountDataResponse,
  AccountDetailsResponse,
  AccountHistoryQuery,
  AccountHistoryResponse,
  AccountNumberQuery,
  BalanceHistoryResponse,
  DOWNLOAD_TYPES,
  Envelope,
  ENVELOPE_CODES,
  errorEnvelope,
  HistoryDownloadTokenRequest,
  InsuranceRequest,
  InsuranceResponse,
  dueDateAlertsWithoutDays,
  isDueDateAlertDays,
  okEnvelope,
  PayoffProjectionQuery,
  PayoffProjectionResponse,
  SetStatementFormatRequest,
  ShowHideAccountRequest,
  StatementListQuery,
  StatementListResponse,
  UpdateAddressRequest,
  UpdateAddressResponse,
} from '@portal/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestContext } from '../../plugins/request-context';
import { signedInCaller, signedInUserIdOf } from '../../plugins/signed-in-caller';
import type { DownloadTokens } from '../downloads/download-tokens.service';
import {
  ACCOUNT_ERRORS,
  type AccountDetailsService,
  monthlyPoints,
  toHistoryItem,
} from './account-details.service';
import type { HistoryDownloads } from './history-downloads';
import { toAccountDocument } from '../documents/document-wire';

const REQUIRED = { auth: 'required' } as const;

/**
 * The answer for an account the caller does not hold, whether it exists or not: the same status
 * and body, so a second user learns nothing about another's account numbers.
 */
function notFound(reply: FastifyReply) {
  return reply.code(404).send(errorEnvelope(ENVELOPE_CODES.notFound));
}

const NOT_FOUND = { 401: Envelope, 404: Envelope };

/**
 * The loan page's calls (spec 002 section 7): every one checks that the account is the caller's
 * through the core, which answers for the signed-in user's customer only.
 */
export const accountDetailsRoutes: FastifyPluginAsyncZod<{
  service: AccountDetailsService;
  downloads: DownloadTokens;
  historyFiles: HistoryDownloads;
  /** Answers NightError while the nightly processing window is open. */
  nightMode: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
}> = async (app, { service, downloads, historyFiles, nightMode }) => {
  app.addHook('preHandler', nightMode);
  app.get(
    '/api/AccountDetails',
    {
      config: REQUIRED,
      schema: {
        querystring: AccountNumberQuery,
        response: { 200: AccountDetailsResponse, ...NOT_FOUND },
      },
    },
    async (request, reply) => {
      const details = await service.details(signedInCaller(request), request.query.accountNumber);
      if (!details) return notFound(reply);
      return {
        ...okEnvelope(),
        Information: { ...okEnvelope(), Information: details.information },
        // Not in the spec's answer: the payment screen's hold check reads it (spec 001 section 7).
        Hold: details.hold,
      };
    },
  );

  // The spec leaves the data load's path open; this one returns every part the page needs.
  app.get(
    '/api/AccountData',
    {
      config: REQUIRED,
      schema: {
        querystring: AccountNumberQuery,
        response: { 200: AccountDataResponse, ...NOT_FOUND },
      },
    },
    async (request, reply) => {
      const caller = signedInCaller(request);
      const number = request.query.accountNumber;
      const page = await service.loanPage(caller, number);
      if (!page) return notFound(reply);
      return {
        ...okEnvelope(),
        Information: page.information,
        Alerts: page.alerts,
        StatementFormat: page.format,
        Documents: page.documents.map(toAccountDocument),
        EStatements: page.statements,
        Hold: page.hold,
        EStatementAgreements: page.agreements.map((agreement) => ({
          Name: agreement.name,
          Url: agreement.url,
          HostNum: agreement.hostNum,
        })),
      };
    },
  );

  // Not in the spec: the balance chart of the loan page.
  app.get(
    '/api/Account/BalanceHistory',
    {
      config: REQUIRED,
      schema: {
        querystring: AccountNumberQuery,
        response: { 200: BalanceHistoryResponse, ...NOT_FOUND },
      },
    },
    async (request, reply) => {
      const points = await service.balanceHistory(
        signedInCaller(request),
        request.query.accountNumber,
      );
      if (points === undefined) return notFound(reply);
      if (points === 'denied') {
        return { ...errorEnvelope(ACCOUNT_ERRORS.securityNotAllowed), Points: [] };
      }
      return {
        ...okEnvelope(),
        Points: points.map((point) => ({
          Date: point.date,
          Balance: point.principalCents,
        })),
      };
    },
  );

  // Not in the spec: the payoff projection of the loan page, with an extra principal amount.
  app.get(
    '/api/Account/PayoffProjection',
    {
      config: REQUIRED,
      schema: {
        querystring: PayoffProjectionQuery,
        response: { 200: PayoffProjectionResponse, ...NOT_FOUND },
      },
    },
    async (request, reply) => {
      const projection = await service.payoffProjection(
        signedInCaller(request),
        request.query.accountNumber,
        request.query.extraPrincipal,
      );
      if (!projection) return notFound(reply);
      const path = (found: typeof projection.regular) => ({
        PayoffDate: found.payoffDate,
        TotalInterest: found.interestCents,
        Payments: found.payments,
        Balances: monthlyPoints(found.balances).map((point) => ({
          Date: point.date,
          Balance: point.principalCents,
        })),
      });
      return {
        ...okEnvelope(),
        Regular: path(projection.regular),
        WithExtra: path(projection.extra),
      };
    },
  );

  app.post(
    '/api/Account/UpdateAddress',
    {
      config: REQUIRED,
      schema: {
        body: UpdateAddressRequest,
        response: { 200: UpdateAddressResponse, ...NOT_FOUND },
      },
    },
    async (request, reply) => {
      const outcome = await service.updateAddress(
        signedInCaller(request),
        request.body.AccountNumber,
        request.body.Address,
      );
      if (!outcome) return notFound(reply);
      if (!outcome.ok) return { ...errorEnvelope(outcome.error), Address: null };
      return { ...okEnvelope(), Address: outcome.value };
    },
  );

  app.post(
    '/api/AccountAlerts',
    {
      config: REQUIRED,
      schema: { body: AccountAlertsRequest, response: { 200: Envelope, ...NOT_FOUND } },
    },
    async (request, reply) => {
      const { AccountNumber, TextAlerts, EmailAlerts } = request.body;
      const trimmed = {
        ...EmailAlerts,
        AlertLoanDueDate1Days: EmailAlerts.AlertLoanDueDate1Days.trim(),
        AlertLoanDueDate2Days: EmailAlerts.AlertLoanDueDate2Days.trim(),
        AlertLoanDueDate3Days: EmailAlerts.AlertLoanDueDate3Days.trim(),
        AlertLoanDueDate4Days: EmailAlerts.AlertLoanDueDate4Days.trim(),
      };
      const daysOk = ([1, 2, 3, 4] as const).every((alert) =>
        isDueDateAlertDays(alert, trimmed[`AlertLoanDueDate${alert}Days`]),
      );
      if (!daysOk || dueDateAlertsWithoutDays(trimmed).length > 0) {
        return errorEnvelope(ACCOUNT_ERRORS.correctErrors);
      }
      const saved = await service.saveAlerts(signedInCaller(request), AccountNumber, {
        TextAlerts,
        EmailAlerts: trimmed,
      });
      return saved ? okEnvelope() : notFound(reply);
    },
  );

  app.post(
    '/api/AccountEStatements/SetStatementFormat',
    {
      config: REQUIRED,
      schema: { body: SetStatementFormatRequest, response: { 200: Envelope, ...NOT_FOUND } },
    },
    async (request, reply) => {
      const caller = signedInCaller(request);
      const saved = await service.setStatementFormat(
        caller,
        request.body.AccountNumber,
        request.body.Format,
        caller.email,
      );
      if (!saved) return notFound(reply);
      return saved.ok ? okEnvelope() : errorEnvelope(saved.error);
    },
  );

  app.get(
    '/api/accountEStatements/GetStatementList',
    {
      config: REQUIRED,
      schema: {
        querystring: StatementListQuery,
        response: { 200: StatementListResponse, ...NOT_FOUND },
      },
    },
    async (request, reply) => {
      const list = await service.statements(
        signedInCaller(request),
        request.query.AccountNumber,
        request.query.Year,
      );
      if (!list) return notFound(reply);
      return { ...okEnvelope(), StatementList: list };
    },
  );

  app.post(
    '/api/Account/ShowHideAccount',
    {
      config: REQUIRED,
      schema: { body: ShowHideAccountRequest, response: { 200: Envelope, ...NOT_FOUND } },
    },
    async (request, reply) => {
      const hidden = await service.hide(signedInCaller(request), request.body.AccountNumber);
      return hidden ? okEnvelope() : notFound(reply);
    },
  );

  app.post(
    '/api/Insurance/GetInsuranceInformation',
    {
      config: REQUIRED,
      schema: { body: InsuranceRequest, response: { 200: InsuranceResponse, ...NOT_FOUND } },
    },
    async (request, reply) => {
      const items = await service.insurance(signedInCaller(request), request.body.accountNumber);
      if (!items) return notFound(reply);
      return {
        ...okEnvelope(),
        Insurances: items.map((item) => ({
          Type: item.type,
          IsIndividual: item.coverage,
          Premium: item.premiumCents,
        })),
      };
    },
  );

  app.get(
    '/api/AccountHistory',
    {
      config: REQUIRED,
      schema: {
        querystring: AccountHistoryQuery,
        response: { 200: AccountHistoryResponse, ...NOT_FOUND },
      },
    },
    async (request, reply) => {
      const lines = await service.history(
        signedInCaller(request),
        request.query.accountNumber,
        request.query.days,
      );
      if (lines === undefined) return notFound(reply);
      if (lines === 'denied') {
        return { ...errorEnvelope(ACCOUNT_ERRORS.securityNotAllowed), List: [] };
      }
      return { ...okEnvelope(), List: lines.map(toHistoryItem) };
    },
  );

  app.post(
    '/api/AccountHistory/RetrieveDownloadToken',
    {
      config: REQUIRED,
      schema: { body: HistoryDownloadTokenRequest, response: { 200: z.string(), ...NOT_FOUND } },
    },
    async (request, reply) => {
      const caller = signedInCaller(request);
      const { AccountNumber, DaysOfHistory, DownloadType } = request.body;
      const lines = await service.history(caller, AccountNumber, DaysOfHistory);
      if (lines === undefined || lines === 'denied') return notFound(reply);
      return downloads.issue({
        institutionId: caller.institutionId,
        userId: caller.userId,
        purpose: 'history',
        payload: { accountNumber: AccountNumber, days: DaysOfHistory, type: DownloadType },
      });
    },
  );

  app.get(
    '/api/AccountHistory/DownloadAccountHistory',
    {
      config: { auth: 'optional' },
      // A file, or the 404 envelope: no response schema (the body is bytes).
      schema: { querystring: z.object({ token: z.string().max(200) }) },
    },
    async (request, reply) => {
      const { institutionId, timeZone } = requestContext(request);
      const redeemed = await downloads.redeem({
        institutionId,
        token: request.query.token,
        purpose: 'history',
        sessionUserId: signedInUserIdOf(request),
      });
      const payload = z
        .object({ accountNumber: z.string(), days: z.number(), type: z.number() })
        .safeParse(redeemed?.payload);
      if (!redeemed || !payload.success) return notFound(reply);
      const file = await historyFiles.render({
        institutionId,
        timeZone,
        userId: redeemed.userId,
        accountNumber: payload.data.accountNumber,
        days: payload.data.days,
        format: payload.data.type === DOWNLOAD_TYPES.pdf ? 'pdf' : 'csv',
      });
      if (!file) return notFound(reply);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(file.body));
    },
  );
};
