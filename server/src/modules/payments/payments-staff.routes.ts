import {
  CloseUnpaidRequest,
  RefundedElsewhereRequest,
  StaffPaymentDetail,
  StaffPaymentId,
  StaffPaymentSearchQuery,
  StaffPaymentSearchResponse,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SlugParams, staffOf } from '../admin/admin-api';
import type { PaymentsStaffService } from './payments-staff';

/**
 * `/admin-api/institutions/:slug/payments...`: the institution's payments as staff search and
 * open them, post one under review again, refund a posted card payment and record one refunded
 * another way after the processor refused (registerAdminApi: the
 * staff session, the admin API's error shape). Who may, and
 * what is audited: payments-staff.ts; the contract: domain api/payment-timeline.ts.
 */
export const paymentsStaffRoutes: FastifyPluginAsyncZod<{
  service: PaymentsStaffService;
}> = async (app, { service }) => {
  app.get(
    '/institutions/:slug/payments',
    {
      schema: {
        params: SlugParams,
        querystring: StaffPaymentSearchQuery,
        response: { 200: StaffPaymentSearchResponse },
      },
    },
    async (request) => service.search(staffOf(request), request.params.slug, request.query),
  );

  app.get(
    '/institutions/:slug/payments/:id',
    {
      schema: {
        params: SlugParams.extend({ id: StaffPaymentId }),
        response: { 200: StaffPaymentDetail },
      },
    },
    async (request) => service.open(staffOf(request), request.params.slug, request.params.id),
  );

  app.post(
    '/institutions/:slug/payments/:id/post-again',
    {
      schema: {
        params: SlugParams.extend({ id: StaffPaymentId }),
        response: { 200: StaffPaymentDetail },
      },
    },
    async (request) => service.postAgain(staffOf(request), request.params.slug, request.params.id),
  );

  app.post(
    '/institutions/:slug/payments/:id/refund',
    {
      schema: {
        params: SlugParams.extend({ id: StaffPaymentId }),
        response: { 200: StaffPaymentDetail },
      },
    },
    async (request) => service.refund(staffOf(request), request.params.slug, request.params.id),
  );

  app.post(
    '/institutions/:slug/payments/:id/refunded-elsewhere',
    {
      schema: {
        params: SlugParams.extend({ id: StaffPaymentId }),
        body: RefundedElsewhereRequest,
        response: { 200: StaffPaymentDetail },
      },
    },
    async (request) =>
      service.refundedElsewhere(
        staffOf(request),
        request.params.slug,
        request.params.id,
        request.body,
      ),
  );

  app.post(
    '/institutions/:slug/payments/:id/close-unpaid',
    {
      schema: {
        params: SlugParams.extend({ id: StaffPaymentId }),
        body: CloseUnpaidRequest,
        response: { 200: StaffPaymentDetail },
      },
    },
    async (request) =>
      service.closeUnpaid(staffOf(request), request.params.slug, request.params.id, request.body),
  );
};
