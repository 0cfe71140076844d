import type { Kysely } from 'kysely';
import type { AchProcessor } from '../../core/ach/ach-processor';
import type { CardProcessor } from '../../core/card-processor';
import type { RoutingDirectory } from '../../core/ach/routing-directory';
import type { ServicingCore } from '../../core/servicing-core';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { DataProtector } from '../../lib/data-protection';
import type { PortalApp } from '../../plugins/portal-app';
import { registerAdminApi } from '../admin/admin-api';
import type { AdminService } from '../admin/admin.service';
import type { AuditLog } from '../audit/audit.service';
import type { AdminAuthService } from '../staff/staff-auth.service';
import type { PrepareNotification } from '../notifications/notifications.service';
import type { AchDraftAuthorizations } from '../ach-drafts/ach-drafts.service';
import type { InstitutionsService } from '../institutions/institutions.service';
import type { MailService } from '../mail/mail.service';
import type { WorkQueueService } from '../work-queue/work-queue.service';
import type { PaymentMethodsService } from '../payment-methods/payment-methods.service';
import type { PaymentPostingWorker } from './payment-posting';
import { createPaymentTimelineService } from './payment-timeline';
import { paymentTimelineRoutes } from './payment-timeline.routes';
import { createPaymentsStaffService } from './payments-staff';
import { paymentsStaffRoutes } from './payments-staff.routes';
import { paymentsRoutes } from './payments.routes';
import { createPaymentsService } from './payments.service';

export interface PaymentsModuleDeps {
  db: Kysely<Database>;
  clock: Clock;
  core: ServicingCore;
  institutions: InstitutionsService;
  dataProtector: DataProtector;
  paymentPosting: PaymentPostingWorker;
  achProcessor: AchProcessor;
  routingDirectory: RoutingDirectory;
  /** The saved-methods listing of GetPaymentInfo is the payment methods module's own. */
  paymentMethods: PaymentMethodsService;
  achDrafts: AchDraftAuthorizations;
  prepareTell?: PrepareNotification;
  /** The staff's Payments page (admin API). */
  adminAuth: AdminAuthService;
  admin: Pick<AdminService, 'access'>;
  auditLog: Pick<AuditLog, 'record'>;
  /** Staff's refund of a posted card payment: the charge found and refunded, the e-mail queued. */
  cardProcessor: Pick<CardProcessor, 'findCharge' | 'refund'>;
  mail: Pick<MailService, 'prepare' | 'deliverSoon'>;
  /** A refund the card processor did not finish goes to staff's work queue. */
  workQueue: Pick<WorkQueueService, 'submitOnce'>;
}

/**
 * Payment info, the third-party fee, the six submit calls and the four delete calls; a listed
 * payment's timeline; and, under the admin API, staff's search of the payments, Post again and
 * Refund.
 */
export async function paymentsModule(app: PortalApp, deps: PaymentsModuleDeps): Promise<void> {
  await app.register(paymentsRoutes, {
    service: createPaymentsService({
      db: deps.db,
      clock: deps.clock,
      core: deps.core,
      dataProtector: deps.dataProtector,
      settings: (institutionId) => deps.institutions.settings(institutionId),
      settlement: deps.paymentPosting,
      achProcessor: deps.achProcessor,
      routingDirectory: deps.routingDirectory,
      methods: deps.paymentMethods,
      achDrafts: deps.achDrafts,
      prepareTell: deps.prepareTell,
    }),
  });
  await app.register(paymentTimelineRoutes, {
    service: createPaymentTimelineService({
      db: deps.db,
      core: deps.core,
      clock: deps.clock,
      dataProtector: deps.dataProtector,
      settings: (institutionId) => deps.institutions.settings(institutionId),
    }),
  });
  await registerAdminApi(app, { auth: deps.adminAuth }, paymentsStaffRoutes, {
    service: createPaymentsStaffService({
      db: deps.db,
      admin: deps.admin,
      auditLog: deps.auditLog,
      clock: deps.clock,
      posting: deps.paymentPosting,
      core: deps.core,
      cardProcessor: deps.cardProcessor,
      mail: deps.mail,
      institutions: deps.institutions,
      workQueue: deps.workQueue,
    }),
  });
}
