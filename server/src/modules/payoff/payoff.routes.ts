import {
  calendarDateIn,
  type CalendarDate,
  centsToDollars,
  Envelope,
  ENVELOPE_CODES,
  errorEnvelope,
  formatUsd,
  okEnvelope,
  payoffDateAllowed,
  PayoffDownloadTokenRequest,
  PayoffQuoteQuery,
  PayoffQuoteResponse,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { createBrandedPdf, type PdfBranding } from '../../lib/pdf/branded-pdf';
import type { CorePayoffQuote, ServicingCore } from '../../core/servicing-core';
import { usDate } from '../../core/builtin/statement-pdf';
import { sessionOf } from '../../plugins/auth';
import { requestContext } from '../../plugins/request-context';
import { findBorrowerById } from '../borrowers/users.repository';
import type { DownloadTokens } from '../downloads/download-tokens.service';

/** The error key of a failed quote (spec 001 section 8: 'There was an error retrieving the pay off quote.'). */
export const PAYOFF_ERROR = 'PayOffQuote';

export async function payoffBreakdownPdf(input: {
  branding: PdfBranding;
  accountNumber: string;
  description: string;
  quote: CorePayoffQuote;
  today: CalendarDate;
}): Promise<Uint8Array> {
  const { doc, finish } = createBrandedPdf(input.branding, {
    title: `Payoff quote ${input.accountNumber} ${input.quote.asOf}`,
    createdOn: input.today,
  });
  doc.font('Helvetica-Bold').fontSize(14).text('Payoff Quote');
  doc.font('Helvetica').fontSize(10);
  doc.text(`${input.description} ${input.accountNumber}`);
  doc.text(`Good through ${usDate(input.quote.asOf)}, quoted ${usDate(input.today)}`);
  doc.moveDown();
  const rows: [string, string][] = [
    ['Principal balance', formatUsd(input.quote.principalCents)],
    ['Interest to the payoff date', formatUsd(input.quote.interestCents)],
    ['Late charges', formatUsd(input.quote.lateChargesCents)],
    ['Other fees', formatUsd(input.quote.otherFeesCents)],
    ['Total payoff amount', formatUsd(input.quote.totalCents)],
  ];
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font(label.startsWith('Total') ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(label, 50, y, { width: 220 });
    doc.text(value, 270, y, { width: 120, align: 'right' });
    doc.y = y + 16;
  }
  doc.moveDown();
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(
      `Interest accrues at ${formatUsd(input.quote.perDiemCents)} a day. A payment received after ` +
        `${usDate(input.quote.asOf)} owes that much more for each later day; fees charged or ` +
        'payments made before then change the amount.',
      50,
    );
  return finish();
}

/** Payoff quotes as of a date and their breakdown (spec 001 sections 7 and 5, spec 002 dialogs). */
export const payoffRoutes: FastifyPluginAsyncZod<{
  db: Kysely<Database>;
  clock: Clock;
  core: ServicingCore;
  downloads: DownloadTokens;
  branding(institutionId: number): Promise<PdfBranding>;
  settings(institutionId: number): Promise<Pick<SettingsAccessor, 'get'>>;
  /** Answers NightError while the nightly processing window is open. */
  nightMode: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
}> = async (app, { db, clock, core, downloads, branding, settings, nightMode }) => {
  app.addHook('preHandler', nightMode);
  const quoteFor = async (
    customer: { institutionId: number; customerId: string },
    timeZone: string,
    number: string,
    date: string,
  ) => {
    const today = calendarDateIn(timeZone, clock.now());
    const asOf = date.slice(0, 10);
    if (!payoffDateAllowed(asOf, today)) return { today, quote: 'refused' as const };
    return { today, quote: await core.payoffQuote(customer, number, asOf) };
  };

  app.get(
    '/api/PaymentInformation/GetPayOffQuote',
    {
      config: { auth: 'required' },
      schema: {
        querystring: PayoffQuoteQuery,
        response: { 200: PayoffQuoteResponse, 401: Envelope, 404: Envelope },
      },
    },
    async (request, reply) => {
      const { institutionId, timeZone } = requestContext(request);
      const { user } = sessionOf(request);
      const { quote } = await quoteFor(
        { institutionId, customerId: user.customerId },
        timeZone,
        request.query.AccountNumber,
        request.query.PayOffDate,
      );
      if (quote === undefined) return reply.code(404).send(errorEnvelope(ENVELOPE_CODES.notFound));
      if (quote === 'refused') return { ...errorEnvelope(PAYOFF_ERROR), PayOffQuoteAmount: 0 };
      return { ...okEnvelope(), PayOffQuoteAmount: centsToDollars(quote.totalCents) };
    },
  );

  app.post(
    '/api/PaymentInformation/RetrieveDownloadToken',
    {
      config: { auth: 'required' },
      schema: {
        body: PayoffDownloadTokenRequest,
        response: { 200: z.string(), 401: Envelope, 404: Envelope },
      },
    },
    async (request, reply) => {
      const { institutionId, timeZone } = requestContext(request);
      const { user } = sessionOf(request);
      // The breakdown belongs to the loan page's payoff quote dialog, which the institution may
      // switch off (payoffQuoteOptions.usePayoffQuoteOption): then there is none to download.
      // GetPayOffQuote stays, for the payment screen's payoff line.
      if (!(await settings(institutionId)).get('payoffQuoteOptions.usePayoffQuoteOption')) {
        return reply.code(404).send(errorEnvelope(ENVELOPE_CODES.notFound));
      }
      const { quote } = await quoteFor(
        { institutionId, customerId: user.customerId },
        timeZone,
        request.body.AccountNumber,
        request.body.EffectiveDate,
      );
      if (quote === undefined || quote === 'refused') {
        return reply.code(404).send(errorEnvelope(ENVELOPE_CODES.notFound));
      }
      return downloads.issue({
        institutionId,
        userId: user.id,
        purpose: 'payoff',
        payload: { accountNumber: request.body.AccountNumber, date: quote.asOf },
      });
    },
  );

  app.get(
    '/api/PaymentInformation/DownloadPayoffQuoteBreakdown',
    // A PDF, or the 404 envelope: no response schema (the body is bytes).
    {
      config: { auth: 'optional' },
      schema: { querystring: z.object({ downloadToken: z.string().max(200) }) },
    },
    async (request, reply) => {
      const { institutionId, timeZone } = requestContext(request);
      const redeemed = await downloads.redeem({
        institutionId,
        token: request.query.downloadToken,
        purpose: 'payoff',
        sessionUserId: request.user?.id,
      });
      const payload = z
        .object({ accountNumber: z.string(), date: z.string() })
        .safeParse(redeemed?.payload);
      const user = redeemed && (await findBorrowerById(db, institutionId, redeemed.userId));
      if (!payload.success || !user)
        return reply.code(404).send(errorEnvelope(ENVELOPE_CODES.notFound));
      const customer = { institutionId, customerId: user.customer_id };
      const { today, quote } = await quoteFor(
        customer,
        timeZone,
        payload.data.accountNumber,
        payload.data.date,
      );
      const account = await core.findAccount(customer, payload.data.accountNumber, today);
      if (!quote || quote === 'refused' || !account) {
        return reply.code(404).send(errorEnvelope(ENVELOPE_CODES.notFound));
      }
      const pdf = await payoffBreakdownPdf({
        branding: await branding(institutionId),
        accountNumber: account.number,
        description: account.description,
        quote,
        today,
      });
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="payoff-${account.number}-${quote.asOf}.pdf"`,
        )
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf));
    },
  );
};
