import type { Kysely } from 'kysely';
import type { AchProcessor } from '../../core/ach/ach-processor';
import type { RoutingDirectory } from '../../core/ach/routing-directory';
import type { ServicingCore } from '../../core/servicing-core';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { DataProtector } from '../../lib/data-protection';
import type { PortalApp } from '../../plugins/portal-app';
import type { PrepareNotification } from '../notifications/notifications.service';
import type { AchDraftAuthorizations } from '../ach-drafts/ach-drafts.service';
import type { InstitutionsService } from '../institutions/institutions.service';
import type { PaymentMethodsService } from '../payment-methods/payment-methods.service';
import type { PaymentPostingWorker } from './payment-posting';
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
}

/** Payment info, the third-party fee, the six submit calls and the four delete calls. */
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
}
